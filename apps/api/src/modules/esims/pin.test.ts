import { randomUUID } from "node:crypto";
import { getPinStatus, requestPinReset, revealInstallDetails } from "@esim/shared/esims/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../test/factories.ts";
import { users } from "../account/account.schema.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";
import { buyEsim, createTopUpablePlan, request } from "./esims.test-kit.ts";
import { hashPin, isPinMatching } from "./pin.service.ts";

const testApp = await createBuyingApp();
const { db, clock } = testApp;
const { plan } = await createTopUpablePlan(testApp);

async function readUser(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

function setPin(headers: Record<string, string>, pin: unknown) {
  return request(testApp, "PUT", "/profile/pin", { headers, payload: { pin } });
}

function install(headers: Record<string, string>, esimId: string, pin: unknown) {
  return request(testApp, "POST", `/esims/${esimId}/install`, { headers, payload: { pin } });
}

/** The 6-digit code of the newest mail to this address, once the mails on their way have gone. */
async function lastResetCode(email: string): Promise<string> {
  await testApp.mails();
  const mail = testApp.sentMails.filter((sent) => sent.to === email).at(-1);
  return mail!.text.match(/\d{6}/)![0];
}

describe("PIN hashing", () => {
  it("stores a salted scrypt hash that only the same PIN matches", async () => {
    const [first, second] = [await hashPin("1234"), await hashPin("1234")];
    expect(first).toMatch(/^scrypt\$/);
    expect(first).not.toBe(second);
    expect(await isPinMatching("1234", first)).toBe(true);
    expect(await isPinMatching("1235", first)).toBe(false);
  });
});

describe("GET and PUT /profile/pin", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    expect((await request(testApp, "GET", "/profile/pin")).statusCode).toBe(401);
    expect((await setPin({}, "1234")).statusCode).toBe(401);
  });

  it("refuses a PIN that is not four digits with PIN_FORMAT", async () => {
    const { headers } = await createSignedInUser(testApp);
    for (const pin of ["123", "12345", "12a4", 1234]) {
      const response = await setPin(headers, pin);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ pin: "PIN_FORMAT" });
    }
  });

  it("sets the PIN once, hashed, then refuses another with PIN_ALREADY_SET", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const before = await request(testApp, "GET", "/profile/pin", { headers });
    expect(getPinStatus.response.parse(before.json()).data).toEqual({
      isSet: false,
      isBlocked: false,
      attemptsLeft: 4,
    });

    const response = await setPin(headers, "0420");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ isSet: true, isBlocked: false, attemptsLeft: 4 });
    const stored = await readUser(user.id);
    expect(stored.pinHash).not.toContain("0420");

    const again = await setPin(headers, "1111");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("PIN_ALREADY_SET");
    expect(await isPinMatching("0420", (await readUser(user.id)).pinHash!)).toBe(true);
  });
});

describe("POST /esims/:id/install", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    expect((await install({}, randomUUID(), "1234")).statusCode).toBe(401);
  });

  it("refuses a malformed PIN with PIN_FORMAT without counting a try", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await setPin(bought.headers, "1234");
    const response = await install(bought.headers, bought.esim.id, "12");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ pin: "PIN_FORMAT" });
    expect((await readUser(bought.user.id)).pinTries).toBe(0);
  });

  it("answers NOT_FOUND for an unknown id or someone else's eSIM, without counting a try", async () => {
    const owner = await buyEsim(testApp, plan.id);
    const { user, headers } = await createSignedInUser(testApp);
    await setPin(headers, "1234");
    for (const id of [randomUUID(), owner.esim.id]) {
      const response = await install(headers, id, "1234");
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
    expect((await readUser(user.id)).pinTries).toBe(0);
  });

  it("refuses with PIN_NOT_SET before a PIN exists", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const response = await install(bought.headers, bought.esim.id, "1234");
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("PIN_NOT_SET");
  });

  it("counts a wrong PIN, then blocks at the fourth and refuses even the right PIN", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await setPin(bought.headers, "1234");
    for (const attemptsLeft of [3, 2, 1]) {
      const response = await install(bought.headers, bought.esim.id, "9999");
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("PIN_INVALID");
      const status = await request(testApp, "GET", "/profile/pin", { headers: bought.headers });
      expect(status.json().data.attemptsLeft).toBe(attemptsLeft);
    }
    const fourth = await install(bought.headers, bought.esim.id, "9999");
    expect(fourth.statusCode).toBe(423);
    expect(fourth.json().error.code).toBe("PIN_BLOCKED");
    const right = await install(bought.headers, bought.esim.id, "1234");
    expect(right.statusCode).toBe(423);
    expect(right.json().error.code).toBe("PIN_BLOCKED");
    expect((await request(testApp, "GET", "/profile/pin", { headers: bought.headers })).json().data).toEqual({
      isSet: true,
      isBlocked: true,
      attemptsLeft: 0,
    });
  });

  it("counts exactly four of ten parallel wrong PINs, then blocks", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await setPin(bought.headers, "1234");
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => install(bought.headers, bought.esim.id, "0000")),
    );
    const codes = responses.map((response) => response.json().error.code);
    expect(codes.filter((code) => code === "PIN_INVALID")).toHaveLength(3);
    expect(codes.filter((code) => code === "PIN_BLOCKED")).toHaveLength(7);
    expect(await readUser(bought.user.id)).toMatchObject({ pinTries: 4, isPinBlocked: true });
    expect((await install(bought.headers, bought.esim.id, "1234")).json().error.code).toBe("PIN_BLOCKED");
  });

  it("answers the install secrets with the right PIN and clears the count", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await setPin(bought.headers, "1234");
    await install(bought.headers, bought.esim.id, "9999");
    const response = await install(bought.headers, bought.esim.id, "1234");
    expect(response.statusCode).toBe(200);
    const { data } = revealInstallDetails.response.parse(response.json());
    const { esim } = bought;
    expect(data).toEqual({
      activationCode: `LPA:1$${esim.smdpAddress}$${esim.matchingId}`,
      smdpAddress: esim.smdpAddress,
      matchingId: esim.matchingId,
      iosInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(esim.activationCode)}`,
      androidInstallUrl: `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(esim.activationCode)}`,
    });
    expect(data.iosInstallUrl).toContain("LPA%3A1%24");
    expect((await readUser(bought.user.id)).pinTries).toBe(0);
  });
});

describe("POST /profile/pin/reset/code and /profile/pin/reset", () => {
  it("refuses requests without a session with UNAUTHENTICATED", async () => {
    expect((await request(testApp, "POST", "/profile/pin/reset/code")).statusCode).toBe(401);
    expect(
      (await request(testApp, "POST", "/profile/pin/reset", { payload: { code: "123456", pin: "1234" } })).statusCode,
    ).toBe(401);
  });

  it("refuses a malformed code or PIN with their field codes", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await request(testApp, "POST", "/profile/pin/reset", {
      headers,
      payload: { code: "12", pin: "abcd" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ code: "CODE_FORMAT", pin: "PIN_FORMAT" });
  });

  it("refuses a reset without a code sent with CODE_EXPIRED", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await request(testApp, "POST", "/profile/pin/reset", {
      headers,
      payload: { code: "123456", pin: "1234" },
    });
    expect(response.json().error.code).toBe("CODE_EXPIRED");
  });

  it("emails a code in the user's language, at most one a minute", async () => {
    const { user, headers } = await createSignedInUser(testApp, { language: "ar" });
    const response = await request(testApp, "POST", "/profile/pin/reset/code", { headers });
    expect(response.statusCode).toBe(200);
    expect(requestPinReset.response.parse(response.json()).data).toEqual({ sent: true, resendAfterSeconds: 60 });
    await testApp.mails();
    const mail = testApp.sentMails.filter((sent) => sent.to === user.email).at(-1)!;
    expect(mail.subject).toBe("إعادة تعيين رمز PIN");

    const tooSoon = await request(testApp, "POST", "/profile/pin/reset/code", { headers });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe("CODE_RESEND_TOO_SOON");
    clock.advance(61_000);
    expect((await request(testApp, "POST", "/profile/pin/reset/code", { headers })).statusCode).toBe(200);
  });

  it("does not take a sign-in code as a PIN reset code", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await request(testApp, "POST", "/auth/code", { payload: { email: user.email } });
    const signInCode = await lastResetCode(user.email!);
    const response = await request(testApp, "POST", "/profile/pin/reset", {
      headers,
      payload: { code: signInCode, pin: "1234" },
    });
    expect(response.json().error.code).toBe("CODE_EXPIRED");
  });

  it("refuses a wrong code with CODE_INVALID", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await request(testApp, "POST", "/profile/pin/reset/code", { headers });
    const code = await lastResetCode(user.email!);
    const wrong = code === "000000" ? "111111" : "000000";
    const response = await request(testApp, "POST", "/profile/pin/reset", {
      headers,
      payload: { code: wrong, pin: "1234" },
    });
    expect(response.json().error.code).toBe("CODE_INVALID");
  });

  it("sends at most 10 PIN reset codes an hour, then answers RATE_LIMITED", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    clock.advance(60 * 60_000);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) {
      clock.advance(61_000);
      statuses.push((await request(testApp, "POST", "/profile/pin/reset/code", { headers })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    await testApp.mails();
    expect(testApp.sentMails.filter((sent) => sent.to === user.email)).toHaveLength(10);
  });

  it("refuses guesses at PIN reset codes past 10 an hour from one address, even with fresh codes", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    clock.advance(60 * 60_000);
    const answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      clock.advance(61_000);
      await request(testApp, "POST", "/profile/pin/reset/code", { headers });
      const code = await lastResetCode(user.email!);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let guess = 0; guess < 5; guess++) {
        const response = await request(testApp, "POST", "/profile/pin/reset", {
          headers,
          payload: { code: wrong, pin: "1234" },
        });
        answers.push(response.json().error.code);
      }
    }
    const burntCode = ["CODE_INVALID", "CODE_INVALID", "CODE_INVALID", "CODE_INVALID", "CODE_BURNT"];
    expect(answers).toEqual([...burntCode, ...burntCode, ...Array(5).fill("RATE_LIMITED")]);
  });

  it("sets a new PIN with the emailed code, unblocks it, and the code works once", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await setPin(bought.headers, "1234");
    for (let attempt = 0; attempt < 4; attempt++) await install(bought.headers, bought.esim.id, "9999");
    expect((await readUser(bought.user.id)).isPinBlocked).toBe(true);

    clock.advance(61_000);
    await request(testApp, "POST", "/profile/pin/reset/code", { headers: bought.headers });
    const code = await lastResetCode(bought.user.email!);
    const response = await request(testApp, "POST", "/profile/pin/reset", {
      headers: bought.headers,
      payload: { code, pin: "5678" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ isSet: true, isBlocked: false, attemptsLeft: 4 });
    expect((await install(bought.headers, bought.esim.id, "5678")).statusCode).toBe(200);

    const reused = await request(testApp, "POST", "/profile/pin/reset", {
      headers: bought.headers,
      payload: { code, pin: "0000" },
    });
    expect(reused.json().error.code).toBe("CODE_EXPIRED");
  });
});
