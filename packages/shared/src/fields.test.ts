import { describe, expect, it } from "vitest";
import { registerBodySchema } from "./auth/register-contract.ts";
import { countrySchema, emailSchema, nameSchema, signInCodeSchema } from "./fields.ts";
import { checkPhone } from "./phone.ts";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("emailSchema", () => {
  it("case-folds and trims a valid address", () => {
    expect(emailSchema.parse("  Amina.B@Example.DZ ")).toBe("amina.b@example.dz");
  });

  it.each([
    [undefined, "EMAIL_REQUIRED"],
    ["", "EMAIL_REQUIRED"],
    ["   ", "EMAIL_REQUIRED"],
    ["amina", "EMAIL_INVALID"],
    ["amina@", "EMAIL_INVALID"],
    ["a b@example.dz", "EMAIL_INVALID"],
  ])("refuses %j with %s", (input, code) => {
    expect(firstMessage(emailSchema.safeParse(input))).toBe(code);
  });
});

describe("nameSchema", () => {
  it("keeps names of 2 to 50 characters, trimmed", () => {
    expect(nameSchema.parse(" Li ")).toBe("Li");
    expect(nameSchema.parse("أمينة بن علي")).toBe("أمينة بن علي");
    expect(nameSchema.parse("x".repeat(50))).toHaveLength(50);
  });

  it.each([
    [undefined, "NAME_REQUIRED"],
    ["  ", "NAME_REQUIRED"],
    ["A", "NAME_TOO_SHORT"],
    ["x".repeat(51), "NAME_TOO_LONG"],
  ])("refuses %j with %s", (input, code) => {
    expect(firstMessage(nameSchema.safeParse(input))).toBe(code);
  });
});

describe("countrySchema", () => {
  it("accepts an ISO code in any case", () => {
    expect(countrySchema.parse("dz")).toBe("DZ");
  });

  it("refuses a missing or unknown country", () => {
    expect(firstMessage(countrySchema.safeParse(""))).toBe("COUNTRY_REQUIRED");
    expect(firstMessage(countrySchema.safeParse("XX"))).toBe("COUNTRY_INVALID");
  });
});

describe("signInCodeSchema", () => {
  it("accepts exactly six digits", () => {
    expect(signInCodeSchema.parse("012345")).toBe("012345");
    expect(firstMessage(signInCodeSchema.safeParse("12345"))).toBe("CODE_FORMAT");
    expect(firstMessage(signInCodeSchema.safeParse("12345a"))).toBe("CODE_FORMAT");
  });
});

describe("checkPhone", () => {
  it("returns an Algerian mobile in E.164", () => {
    expect(checkPhone("0551 23 45 67", "DZ")).toEqual({ ok: true, e164: "+213551234567" });
    expect(checkPhone("+213 551 23 45 67", "DZ")).toEqual({ ok: true, e164: "+213551234567" });
  });

  it("asks for a country before checking a number", () => {
    expect(checkPhone("0551234567", undefined)).toEqual({ ok: false, code: "PHONE_COUNTRY_REQUIRED" });
  });

  it("says when the text is not a phone number", () => {
    expect(checkPhone("hello", "DZ")).toEqual({ ok: false, code: "PHONE_INVALID" });
    expect(checkPhone("12", "DZ")).toEqual({ ok: false, code: "PHONE_INVALID" });
  });

  it("says when the number belongs to another country", () => {
    expect(checkPhone("+33 6 12 34 56 78", "DZ")).toEqual({ ok: false, code: "PHONE_COUNTRY_MISMATCH" });
  });

  it("says a phone is required when it is empty", () => {
    expect(checkPhone("  ", "DZ")).toEqual({ ok: false, code: "PHONE_REQUIRED" });
  });
});

describe("registerBodySchema", () => {
  const valid = { name: "Amina", email: "amina@example.dz", country: "DZ" };

  it("accepts a registration without phone", () => {
    expect(registerBodySchema.parse(valid)).toEqual(valid);
  });

  it("refuses a phone that is not valid for the chosen country, on the phone field", () => {
    const result = registerBodySchema.safeParse({ ...valid, country: "FR", phone: "+213 551 23 45 67" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["phone"], message: "PHONE_COUNTRY_MISMATCH" });
  });

  it("refuses unknown fields", () => {
    const result = registerBodySchema.safeParse({ ...valid, isAdmin: true });
    expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
  });
});
