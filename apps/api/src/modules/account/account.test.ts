import { updatePreferences, updateProfile } from "@esim/shared/account/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, uniqueAddress } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { pendingRegistrations, sessions, signInCodes } from "../auth/auth.schema.ts";
import { devices } from "../devices/devices.schema.ts";
import { users } from "./account.schema.ts";

const testApp = await createTestApp();
const { app, db, clock } = testApp;

function call(
  method: "PATCH" | "PUT" | "DELETE",
  path: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({ method, url: `${API_BASE_PATH}${path}`, payload: payload as object, headers });
}

const device = {
  device_id: "device-1",
  platform: "web",
  model: "Chrome",
  os_version: "Linux",
  device_type: "web",
  device_locale: "fr-DZ",
  timezone: "Africa/Algiers",
  app_version: "1.0.0",
};

describe("PATCH /profile", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await call("PATCH", "/profile", { name: "Amina", country: "DZ" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("refuses a name under 2 characters and an unknown country with their codes", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await call("PATCH", "/profile", { name: " A ", country: "ZZ" }, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { name: "NAME_TOO_SHORT", country: "COUNTRY_INVALID" },
    });
  });

  it("refuses to change the email or the phone with UNKNOWN_FIELD", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await call(
      "PATCH",
      "/profile",
      { name: "Amina", country: "DZ", email: "thief@example.com", phone: "+213551234567" },
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: "UNKNOWN_FIELD", phone: "UNKNOWN_FIELD" });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.email).toBe(user.email);
  });

  it("changes name and country and answers the profile", async () => {
    const { user, headers } = await createSignedInUser(testApp);

    const response = await call("PATCH", "/profile", { name: "  Yacine Haddad ", country: "fr" }, headers);

    expect(response.statusCode).toBe(200);
    expect(updateProfile.response.parse(response.json()).data).toMatchObject({
      name: "Yacine Haddad",
      country: "FR",
      email: user.email,
    });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ name: "Yacine Haddad", country: "FR" });
  });
});

describe("PUT /profile/preferences", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await call("PUT", "/profile/preferences", { language: "en", currency: "USD" });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a language or currency it does not offer with their codes", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await call("PUT", "/profile/preferences", { language: "english", currency: "EUR" }, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ language: "LANGUAGE_INVALID", currency: "CURRENCY_INVALID" });
  });

  it("stores language and currency and answers the profile", async () => {
    const { user, headers } = await createSignedInUser(testApp);

    const response = await call("PUT", "/profile/preferences", { language: "ar", currency: "USD" }, headers);

    expect(response.statusCode).toBe(200);
    expect(updatePreferences.response.parse(response.json()).data).toMatchObject({ language: "ar", currency: "USD" });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ language: "ar", currency: "USD" });
  });
});

describe("DELETE /profile", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await call("DELETE", "/profile", { confirmation: "DELETE" });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a body without the confirmation field with VALIDATION_FAILED", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await call("DELETE", "/profile", {}, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ confirmation: "CONFIRMATION_INVALID" });
  });

  it("refuses anything but the exact word DELETE with DELETE_CONFIRMATION_REQUIRED and keeps the account", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    for (const confirmation of ["delete", " DELETE", "DELETE ", "SUPPRIMER", ""]) {
      const response = await call("DELETE", "/profile", { confirmation }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("DELETE_CONFIRMATION_REQUIRED");
    }
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ email: user.email, deletedAt: null });
  });

  it("clears the personal data, keeps the anonymised row, and removes sessions, devices, codes and pending details", async () => {
    const { user, headers } = await createSignedInUser(testApp, { phone: "+213551234567" });
    const email = user.email!;
    await app.inject({ method: "POST", url: `${API_BASE_PATH}/devices`, payload: device, headers });
    await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/code`,
      payload: { email },
      remoteAddress: uniqueAddress(),
    });
    const [code] = await db.select().from(signInCodes).where(eq(signInCodes.email, email));
    await db
      .insert(pendingRegistrations)
      .values({ codeId: code!.id, email, name: "Left over", country: "DZ", language: "fr" });

    const response = await call("DELETE", "/profile", { confirmation: "DELETE" }, headers);

    expect(response.statusCode).toBe(204);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: null, name: null, phone: null, country: null, pinHash: null });
    expect(row!.deletedAt).toEqual(clock.now());
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(devices).where(eq(devices.userId, user.id))).toEqual([]);
    expect(await db.select().from(signInCodes).where(eq(signInCodes.email, email))).toEqual([]);
    expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toEqual([]);
    const withOldToken = await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers });
    expect(withOldToken.statusCode).toBe(401);
  });

  it("lets the same email register again afterwards as a new account", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const email = user.email!;
    await call("DELETE", "/profile", { confirmation: "DELETE" }, headers);

    // Registered and verified from one address, as one person does (a registration applies only there, decision 056).
    const address = uniqueAddress();
    await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/register`,
      payload: { name: "Back Again", email, country: "TN" },
      remoteAddress: address,
    });
    const code = /\d{6}/.exec((await testApp.mails()).find((mail) => mail.to === email)!.text)![0];
    const verified = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/verify`,
      payload: { email, code },
      remoteAddress: address,
    });

    expect(verified.statusCode).toBe(200);
    const [account] = await db.select().from(users).where(eq(users.email, email));
    expect(account!.id).not.toBe(user.id);
    expect(account).toMatchObject({ name: "Back Again", country: "TN", deletedAt: null });
  });
});
