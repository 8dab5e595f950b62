import { API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage, createSignedInUser, uniqueAddress, uniqueEmail } from "../../test/factories.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postOrder,
  pressButton,
  readOrder,
} from "../orders/buying.test-kit.ts";
import { users } from "./account.schema.ts";

// Names a customer types reach the console, emails and invoices: every kind of character that hides or reorders text
// is refused on each way in with TEXT_INVISIBLE_CHARACTERS, and what is stored is in NFC (decision 060).

const testApp = await createBuyingApp();
const { app, db } = testApp;
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });

function call(method: "POST" | "PATCH", path: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url: `${API_BASE_PATH}${path}`,
    payload,
    headers,
    remoteAddress: uniqueAddress(),
  });
}

const HIDDEN_NAMES = [
  ["a right-to-left override", "Bob\u202Egnp.exe"],
  ["a left-to-right embedding", "Bob\u202Ax"],
  ["a right-to-left isolate", "Bob\u2067x\u2069"],
  ["a right-to-left mark", "Bob\u200F Haddad"],
  ["a zero-width space", "Bo\u200Bb"],
  ["a zero-width joiner", "Bo\u200Db"],
  ["a zero-width non-joiner in Latin", "Bo\u200Cb"],
  ["a word joiner", "Bo\u2060b"],
  ["a byte-order mark inside", "Bo\uFEFFb"],
  ["a line break", "Bob\nHaddad"],
  ["a carriage return", "Bob\rHaddad"],
  ["a tab", "Bob\tHaddad"],
  ["a control character", "Bob\u0007"],
  ["a line separator", "Bob\u2028Haddad"],
] as const;

describe("POST /auth/register", () => {
  it.each(HIDDEN_NAMES)("refuses a name with %s", async (_, name) => {
    const response = await call("POST", "/auth/register", { name, email: uniqueEmail(), country: "DZ" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { name: "TEXT_INVISIBLE_CHARACTERS" },
    });
  });
});

describe("PATCH /profile", () => {
  it.each(HIDDEN_NAMES)("refuses a name with %s and keeps the old one", async (_, name) => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await call("PATCH", "/profile", { name, country: "DZ" }, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ name: "TEXT_INVISIBLE_CHARACTERS" });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.name).toBe(user.name);
  });

  it("stores a name in NFC: e and a combining accent become é", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await call("PATCH", "/profile", { name: "Ame\u0301lie", country: "DZ" }, headers);
    expect(response.statusCode).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.name).toBe("Am\u00E9lie");
  });

  it("keeps a Persian name's non-joiner between two letters, and Arabic as typed", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    for (const name of ["می\u200Cخواهم", "أمينة بن علي"]) {
      const response = await call("PATCH", "/profile", { name, country: "DZ" }, headers);
      expect(response.statusCode).toBe(200);
      const [after] = await db.select().from(users).where(eq(users.id, user.id));
      expect(after!.name).toBe(name);
    }
  });
});

describe("POST /orders", () => {
  it.each(HIDDEN_NAMES)("refuses a billing name with %s", async (_, name) => {
    const { user, headers } = await createSignedInUser(testApp);
    const body = orderBody(user, plan.id);
    const response = await postOrder(testApp, headers, { ...body, billing: { ...(body.billing as object), name } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ "billing.name": "TEXT_INVISIBLE_CHARACTERS" });
  });

  it("stores the billing name in NFC", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const body = orderBody(user, plan.id);
    const response = await postOrder(testApp, headers, {
      ...body,
      billing: { ...(body.billing as object), name: "Zine\u0301b Haddad" },
    });
    expect(response.statusCode).toBe(200);
    const order = await readOrder(testApp, response.json().data.order.id);
    expect(order.billing.name).toBe("Zin\u00E9b Haddad");
  });
});

describe("POST /devices", () => {
  it("refuses a device model that would reorder the console's text", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await call(
      "POST",
      "/devices",
      {
        device_id: "device-hidden",
        platform: "web",
        model: "Pixel\u202E9",
        os_version: "Linux",
        device_type: "web",
        device_locale: "fr-DZ",
        timezone: "Africa/Algiers",
        app_version: "1.0.0",
      },
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ model: "TEXT_INVISIBLE_CHARACTERS" });
  });
});

describe("a name stored before the rule (decision 060)", () => {
  it("greets the buyer in the install email without the override (the invoice PDF: invoice-pdf.test.ts)", async () => {
    // Straight in the database, as an older row: the contract refuses this name today.
    const buyer = await createSignedInUser(testApp, { name: "Bob\u202Egnp.exe" });
    const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
    const mailsBefore = testApp.sentMails.length;
    await pressButton(testApp, placed.checkoutUrl, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);

    const install = testApp.sentMails.slice(mailsBefore).find((mail) => mail.subject.includes(placed.number))!;
    expect(install.text).toContain("Bonjour Bobgnp.exe,");
    expect(install.html).toContain("Bonjour Bobgnp.exe,");
    expect(`${install.text}${install.html}`).not.toContain("\u202E");
  });
});
