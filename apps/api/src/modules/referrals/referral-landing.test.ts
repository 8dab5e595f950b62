import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../test/factories.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";

// The invited friend's first screen (decision 079): the link leaves the language to the friend's browser, and the page
// names the inviter and the discount the settings give today.

const testApp = await createBuyingApp();
const { app, deps } = testApp;
const admin = await createSignedInOperator(testApp, "admin");

async function setSettings(change: Record<string, unknown>) {
  const response = await app.inject({
    method: "PUT",
    url: `${ADMIN_API_BASE_PATH}/referrals/settings`,
    headers: admin.headers,
    payload: change,
  });
  expect(response.statusCode).toBe(200);
}

async function inviteCard(headers: Record<string, string>) {
  const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/account/referral`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as { code: string; link: string };
}

function landing(code: string) {
  return app.inject({ method: "GET", url: `${API_BASE_PATH}/referrals/${code}` });
}

describe("the invite link and the friend's first page", () => {
  it("links to sign-up with the code only: the friend's own language, not the inviter's", async () => {
    const inviter = await createSignedInUser(testApp, { language: "ar" });
    const card = await inviteCard(inviter.headers);

    expect(card.link).toBe(`${deps.config.PUBLIC_URL}/register?ref=${card.code}`);
    expect(new URL(card.link).searchParams.has("lang")).toBe(false);
  });

  it("names the inviter by first name and the friend's discount from the settings, without a session", async () => {
    await setSettings({ isEnabled: true, friendDiscountDzd: 250 });
    const inviter = await createSignedInUser(testApp, { name: "Amina Benali" });
    const { code } = await inviteCard(inviter.headers);

    const response = await landing(code.toLowerCase());

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ inviterFirstName: "Amina", friendDiscountDzdMinor: 250_00 });
    await setSettings({ friendDiscountDzd: 300 });
  });

  it("answers NOT_FOUND for an unknown code and while invitations are off, naming nobody", async () => {
    const inviter = await createSignedInUser(testApp, { name: "Amina Benali" });
    const { code } = await inviteCard(inviter.headers);
    expect((await landing("ZZZZZZZZ")).json().error.code).toBe("NOT_FOUND");

    await setSettings({ isEnabled: false });
    const off = await landing(code);
    await setSettings({ isEnabled: true });

    expect(off.statusCode).toBe(404);
    expect(off.json().error.code).toBe("NOT_FOUND");
  });
});
