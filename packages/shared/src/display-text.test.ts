import { describe, expect, it } from "vitest";
import { billingSchema } from "./checkout/contracts.ts";
import { setSellerIdentity } from "./console/invoicing-contract.ts";
import { recordConsoleOrderRefund } from "./console/orders-contract.ts";
import { updateCataloguePlan } from "./console/prices-contract.ts";
import { decisionReasonSchema } from "./console/refunds-contract.ts";
import { deviceRecordSchema } from "./devices/contracts.ts";
import { displayText, hasHiddenCharacters, toDisplayText } from "./display-text.ts";
import { requestCancellation } from "./esims/contracts.ts";
import { nameSchema } from "./fields.ts";

function firstIssue(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return result.success
    ? undefined
    : { path: result.error?.issues[0]?.path.join("."), code: result.error?.issues[0]?.message };
}

describe("displayText", () => {
  it("trims and stores NFC", () => {
    expect(displayText({ error: "INVALID" }).parse(" Ame\u0301lie ")).toBe("Am\u00E9lie");
  });

  it.each([
    "\u202A",
    "\u202B",
    "\u202C",
    "\u202D",
    "\u202E",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200E",
    "\u200F",
    "\u061C",
    "\u200B",
    "\u200C",
    "\u200D",
    "\u2060",
    "\uFEFF",
    "\u00AD",
    "\n",
    "\r",
    "\t",
    "\u0000",
    "\u0085",
    "\u2028",
    "\u2029",
    "\uD800",
  ])("refuses %j inside a text", (character) => {
    expect(firstIssue(displayText({ error: "INVALID" }).safeParse(`ab${character}cd`))?.code).toBe(
      "TEXT_INVISIBLE_CHARACTERS",
    );
  });

  it("keeps a non-joiner between two Arabic-script letters only", () => {
    expect(hasHiddenCharacters("می\u200Cخواهم")).toBe(false);
    expect(hasHiddenCharacters("mi\u200Cxa")).toBe(true);
    expect(hasHiddenCharacters("\u200Cمی")).toBe(true);
  });

  it("keeps line feeds in a multi-line text, CRLF made LF, every other hidden character refused", () => {
    const paragraph = displayText({ error: "INVALID", isMultiline: true });
    expect(paragraph.parse("Line one\r\nLine two")).toBe("Line one\nLine two");
    expect(firstIssue(paragraph.safeParse("Line\u202Eone"))?.code).toBe("TEXT_INVISIBLE_CHARACTERS");
  });
});

describe("toDisplayText", () => {
  it("shows a stored text without what hides or reorders it, line breaks as spaces", () => {
    expect(toDisplayText("Bob\u202Egnp.exe")).toBe("Bobgnp.exe");
    expect(toDisplayText("Bob\r\nHaddad\u200B")).toBe("Bob Haddad");
    expect(toDisplayText("Ame\u0301lie")).toBe("Am\u00E9lie");
    expect(toDisplayText("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(toDisplayText("One\r\n\u2067two", { isMultiline: true })).toBe("One\ntwo");
  });
});

describe("every contract whose text reaches the console, emails or invoices", () => {
  const hidden = "x\u202Ey";
  it.each([
    ["a name", nameSchema, hidden, ""],
    ["a billing name", billingSchema, { email: "a@b.dz", name: hidden, country: "DZ", phone: "0551" }, "name"],
    [
      "a device model",
      deviceRecordSchema,
      {
        device_id: "d",
        platform: "web",
        model: hidden,
        os_version: "1",
        device_type: "web",
        device_locale: "fr",
        timezone: "UTC",
        app_version: "1",
      },
      "model",
    ],
    ["a cancellation request's reason", requestCancellation.body, { reason: hidden }, "reason"],
    ["an operator's decision", decisionReasonSchema, hidden, ""],
    [
      "a refund's reference",
      recordConsoleOrderRefund.body,
      { amountDzdMinor: 1, method: "bank_transfer", reference: hidden },
      "reference",
    ],
    [
      "the seller's name",
      setSellerIdentity.body,
      { name: hidden, address: "a", nif: "1", nis: "1", rc: "1", article: "1", tvaRateBps: 0, tvaExemption: null },
      "name",
    ],
    ["a plan's title", updateCataloguePlan.body, { nameOverrides: { fr: hidden, ar: null } }, "nameOverrides.fr"],
  ])("refuses %s with a hidden character", (_, schema, value, path) => {
    expect(firstIssue(schema.safeParse(value))).toEqual({ path, code: "TEXT_INVISIBLE_CHARACTERS" });
  });
});
