import { getMe, requestCode, verifyCode } from "@esim/shared/auth/contracts";
import { register } from "@esim/shared/auth/register-contract";
import { API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sha256Hex } from "../../lib/secrets.ts";
import {
  createDevice,
  createSession,
  createSignedInUser,
  createUser,
  uniqueAddress,
  uniqueEmail,
} from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { users } from "../account/account.schema.ts";
import { devices } from "../devices/devices.schema.ts";
import { pendingRegistrations, sessions, signInCodes } from "./auth.schema.ts";
import { hashSignInCode } from "./emailed-codes.ts";

const testApp = await createTestApp();
const { app, db, clock } = testApp;
const MINUTE = 60 * 1000;

/** Where this test's person asks and types their codes from (one phone, one address); strangers pass their own. */
let homeAddress = uniqueAddress();
beforeEach(() => {
  homeAddress = uniqueAddress();
});

function post(path: string, payload: unknown, remoteAddress = homeAddress) {
  return app.inject({ method: "POST", url: `${API_BASE_PATH}${path}`, payload: payload as object, remoteAddress });
}

/** The code of the newest message sent to `email`, read from the dev mailbox like a person would. */
async function lastCodeSentTo(email: string): Promise<string> {
  const mail = (await testApp.mails()).find((message) => message.to === email);
  const code = mail ? /\d{6}/.exec(mail.text)?.[0] : undefined;
  if (!code) throw new Error(`no code was sent to ${email}`);
  return code;
}

async function codesOf(email: string) {
  return db.select().from(signInCodes).where(eq(signInCodes.email, email));
}

/** Asks for a code and returns it; moves the clock past the resend wait first, so calls can follow each other. */
async function sendCode(email: string, language?: "fr" | "en" | "ar") {
  clock.advance(61 * 1000);
  const response = await post("/auth/code", { email, ...(language ? { language } : {}) });
  expect(response.statusCode).toBe(200);
  return lastCodeSentTo(email);
}

function wrongCodeFor(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

describe("POST /auth/code", () => {
  it("refuses an email that is not one with VALIDATION_FAILED and EMAIL_INVALID", async () => {
    const response = await post("/auth/code", { email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "VALIDATION_FAILED", message: expect.any(String), fields: { email: "EMAIL_INVALID" } },
    });
  });

  it("refuses a missing email with EMAIL_REQUIRED and an unknown field with UNKNOWN_FIELD", async () => {
    const response = await post("/auth/code", { mail: "a@example.com" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: "EMAIL_REQUIRED", mail: "UNKNOWN_FIELD" });
  });

  it("refuses a language it does not speak with LANGUAGE_INVALID", async () => {
    const response = await post("/auth/code", { email: uniqueEmail(), language: "de" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ language: "LANGUAGE_INVALID" });
  });

  it("refuses a second code within 60 s with CODE_RESEND_TOO_SOON and the seconds left in Retry-After", async () => {
    const email = uniqueEmail();
    await sendCode(email);
    clock.advance(20 * 1000);

    const response = await post("/auth/code", { email });

    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("40");
    expect(response.json().error.code).toBe("CODE_RESEND_TOO_SOON");
    expect(await codesOf(email)).toHaveLength(1);
  });

  it("sends at most 10 codes per email and hour from one address, then answers RATE_LIMITED with Retry-After", async () => {
    const email = uniqueEmail("capped");
    clock.set(new Date("2026-06-02T08:00:00Z"));
    for (let index = 0; index < 10; index++) await sendCode(email);
    clock.advance(61 * 1000);

    const response = await post("/auth/code", { email });

    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe("RATE_LIMITED");
    // Eleven minutes of the hour have gone by (10 × 61 s plus this one's 61 s).
    expect(Number(response.headers["retry-after"])).toBe(3600 - 11 * 61);
    expect(await codesOf(email)).toHaveLength(10);
    // The cap is this address's: the owner elsewhere is not refused for it.
    expect((await post("/auth/code", { email }, uniqueAddress())).statusCode).toBe(200);
  });

  it("accepts at most 20 code requests per client address in 10 minutes, then answers RATE_LIMITED", async () => {
    const address = uniqueAddress();
    clock.set(new Date("2026-06-03T08:00:00Z"));
    for (let index = 0; index < 20; index++) {
      expect((await post("/auth/code", { email: uniqueEmail("crowd") }, address)).statusCode).toBe(200);
    }

    const response = await post("/auth/code", { email: uniqueEmail("crowd") }, address);

    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe("RATE_LIMITED");
    expect(response.headers["retry-after"]).toBe("600");
    expect((await post("/auth/code", { email: uniqueEmail("elsewhere") })).statusCode).toBe(200);
  });

  it("emails a 6-digit code in French by default, valid 10 minutes, stored only as a hash", async () => {
    const email = uniqueEmail();
    clock.advance(MINUTE);

    const response = await post("/auth/code", { email: email.toUpperCase() });

    expect(response.statusCode).toBe(200);
    expect(requestCode.response.parse(response.json())).toEqual({ data: { sent: true, resendAfterSeconds: 60 } });
    const [mail] = await testApp.mails();
    expect(mail).toMatchObject({ to: email, subject: "Votre code de connexion" });
    const code = await lastCodeSentTo(email);
    expect(mail!.html).toContain('lang="fr-DZ"');
    const [stored] = await codesOf(email);
    expect(stored!.codeHash).toBe(sha256Hex(`${email}:${code}`));
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(10 * MINUTE);
  });

  it("answers an unknown email exactly as a known one, and sends both a code", async () => {
    const known = await createUser(testApp);
    const unknown = uniqueEmail("unknown");

    const forKnown = await post("/auth/code", { email: known.email });
    const forUnknown = await post("/auth/code", { email: unknown });

    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    await lastCodeSentTo(known.email!);
    await lastCodeSentTo(unknown);
  });

  // Decision 073: the language the visitor chose, else the account's, else the browser's.
  it("writes in the language the visitor chose over the account's", async () => {
    const user = await createUser(testApp, { language: "ar" });
    await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/code`,
      payload: { email: user.email, language: "en" },
      headers: { "accept-language": "fr" },
    });
    expect((await testApp.mails()).find((mail) => mail.to === user.email)).toMatchObject({
      subject: "Your sign-in code",
    });
  });

  it("without a chosen language writes in the account's, else in the browser's, and a new account starts in it", async () => {
    const known = await createUser(testApp, { language: "en" });
    const unknown = uniqueEmail("browser");
    for (const email of [known.email, unknown]) {
      await app.inject({
        method: "POST",
        url: `${API_BASE_PATH}/auth/code`,
        payload: { email },
        headers: { "accept-language": "ar-DZ,ar;q=0.9,fr;q=0.5" },
        remoteAddress: `10.9.${email === unknown ? 1 : 2}.1`,
      });
    }
    const mails = await testApp.mails();
    expect(mails.find((mail) => mail.to === known.email)!.subject).toBe("Your sign-in code");
    expect(mails.find((mail) => mail.to === unknown)!.subject).toBe("رمز تسجيل الدخول الخاص بك");
    await post("/auth/verify", { email: unknown, code: await lastCodeSentTo(unknown) }, "10.9.1.1");
    const [created] = await db.select().from(users).where(eq(users.email, unknown));
    expect(created!.language).toBe("ar");
  });

  it("writes Arabic right to left with the code left to right", async () => {
    const user = await createUser(testApp, { language: "ar" });

    await post("/auth/code", { email: user.email });

    const [mail] = await testApp.mails();
    const code = await lastCodeSentTo(user.email!);
    expect(mail!.subject).toBe("رمز تسجيل الدخول الخاص بك");
    expect(mail!.html).toContain('<html dir="rtl" lang="ar-DZ">');
    expect(mail!.html).toContain(`<bdi dir="ltr">${code}</bdi>`);
    expect(mail!.text).toContain(`\u2066${code}\u2069`);
  });

  it("writes to an unknown email in the language asked", async () => {
    const email = uniqueEmail();
    await post("/auth/code", { email, language: "en" });
    const [mail] = await testApp.mails();
    expect(mail).toMatchObject({ to: email, subject: "Your sign-in code" });
    expect(mail!.html).toContain('<html dir="ltr" lang="en-US">');
  });

  it("replaces the previous code asked from the same address when it sends a new one", async () => {
    const email = uniqueEmail();
    const first = await sendCode(email);
    const second = await sendCode(email);

    const withFirst = await post("/auth/verify", { email, code: first });

    expect(first === second || withFirst.json().error.code === "CODE_INVALID").toBe(true);
    const rows = await codesOf(email);
    expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(1);
    expect((await post("/auth/verify", { email, code: second })).statusCode).toBe(200);
  });

  it("lets a stranger asking from rotating addresses neither cancel the owner's code nor stop them asking again", async () => {
    const email = uniqueEmail("victim");
    clock.set(new Date("2026-06-05T08:00:00Z"));
    const ownCode = await sendCode(email);
    for (let request = 0; request < 9; request++) {
      clock.advance(5 * 1000);
      expect((await post("/auth/code", { email }, uniqueAddress())).statusCode).toBe(200);
    }

    const signedIn = await post("/auth/verify", { email, code: ownCode });
    clock.advance(61 * 1000);
    const askedAgain = await post("/auth/code", { email });

    expect(signedIn.statusCode).toBe(200);
    expect(askedAgain.statusCode).toBe(200);
  });

  it("makes nobody wait for a code a stranger asked for: the 60 s wait is the asker's own", async () => {
    const email = uniqueEmail();
    clock.advance(MINUTE);
    expect((await post("/auth/code", { email }, uniqueAddress())).statusCode).toBe(200);

    const response = await post("/auth/code", { email });

    expect(response.statusCode).toBe(200);
  });
});

describe("POST /auth/register", () => {
  const details = { name: "Amina Benali", country: "DZ", phone: "0551 23 45 67" };

  it("refuses each invalid field with its own code", async () => {
    const response = await post("/auth/register", { name: "A", email: "amina@", country: "XX" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { name: "NAME_TOO_SHORT", email: "EMAIL_INVALID", country: "COUNTRY_INVALID" },
    });
  });

  it("refuses a name over 50 characters and a missing country", async () => {
    const response = await post("/auth/register", { name: "A".repeat(51), email: uniqueEmail() });
    expect(response.json().error.fields).toEqual({ name: "NAME_TOO_LONG", country: "COUNTRY_REQUIRED" });
  });

  it("refuses a phone of another country than the one selected with PHONE_COUNTRY_MISMATCH", async () => {
    const response = await post("/auth/register", { ...details, email: uniqueEmail(), phone: "+33 6 12 34 56 78" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ phone: "PHONE_COUNTRY_MISMATCH" });
  });

  it("refuses a phone that is no phone number with PHONE_INVALID", async () => {
    const response = await post("/auth/register", { ...details, email: uniqueEmail(), phone: "call me" });
    expect(response.json().error.fields).toEqual({ phone: "PHONE_INVALID" });
  });

  it("is subject to the resend wait like /auth/code", async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const response = await post("/auth/register", { ...details, email });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe("CODE_RESEND_TOO_SOON");
  });

  it("keeps the details, emails a code in the chosen language, and creates the account with them on verify", async () => {
    const email = uniqueEmail("new");
    clock.advance(MINUTE);

    const response = await post("/auth/register", { ...details, email, language: "ar", country: "dz" });

    expect(response.statusCode).toBe(200);
    expect(register.response.parse(response.json())).toEqual({ data: { sent: true, resendAfterSeconds: 60 } });
    const [pending] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));
    expect(pending).toMatchObject({ name: "Amina Benali", country: "DZ", phone: "+213551234567", language: "ar" });
    const [mail] = await testApp.mails();
    expect(mail!.subject).toBe("رمز تسجيل الدخول الخاص بك");

    const verified = await post("/auth/verify", { email, code: await lastCodeSentTo(email) });

    expect(verifyCode.response.parse(verified.json()).data.isProfileComplete).toBe(true);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      name: "Amina Benali",
      country: "DZ",
      phone: "+213551234567",
      language: "ar",
      isVerified: true,
    });
    expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toEqual([]);
  });

  it("applies the details of the registration whose code is verified", async () => {
    const email = uniqueEmail();
    await post("/auth/register", { ...details, email });
    clock.advance(61 * 1000);
    await post("/auth/register", { name: "Yacine", email, country: "FR" });

    expect((await post("/auth/verify", { email, code: await lastCodeSentTo(email) })).statusCode).toBe(200);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: "Yacine", country: "FR", phone: null, language: "fr" });
    expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toEqual([]);
  });

  it("never applies a stranger's registration to the person who signs in with their own code", async () => {
    const email = uniqueEmail("prefilled");
    clock.advance(MINUTE);
    const attack = await post(
      "/auth/register",
      { name: "Mallory Intruder", email, country: "FR", phone: "+33 6 12 34 56 78", language: "en" },
      uniqueAddress(),
    );
    expect(attack.statusCode).toBe(200);

    const ownCode = await sendCode(email);
    const verified = await post("/auth/verify", { email, code: ownCode });

    expect(verifyCode.response.parse(verified.json()).data.isProfileComplete).toBe(false);
    const me = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/auth/me`,
      headers: { authorization: `Bearer ${verified.json().data.token}` },
    });
    expect(getMe.response.parse(me.json()).data).toMatchObject({ name: null, phone: null, country: null });
    expect(me.json().data.language).toBe("fr");
  });

  it("never applies a stranger's registration when its owner types the code that registration mailed them", async () => {
    const email = uniqueEmail("prefilled");
    clock.advance(MINUTE);
    const attack = await post("/auth/register", { name: "Mallory Intruder", email, country: "FR" }, uniqueAddress());
    expect(attack.statusCode).toBe(200);

    const verified = await post("/auth/verify", { email, code: await lastCodeSentTo(email) });

    expect(verifyCode.response.parse(verified.json()).data.isProfileComplete).toBe(false);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: null, country: null, phone: null, isVerified: true });
  });

  it("answers an existing account exactly like a new email and never overwrites its profile", async () => {
    const user = await createUser(testApp, { name: "Original Name", country: "FR", language: "en" });
    const newcomer = uniqueEmail();

    const forExisting = await post("/auth/register", { ...details, email: user.email, language: "ar" });
    const forNew = await post("/auth/register", { ...details, email: newcomer, language: "ar" });

    expect(forExisting.statusCode).toBe(200);
    expect(forExisting.body).toBe(forNew.body);
    expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, user.email!))).toEqual([]);
    // The account's language, not the form's: the mail must not tell an intruder the account exists.
    expect((await testApp.mails()).find((mail) => mail.to === user.email)!.subject).toBe("Your sign-in code");
    await post("/auth/verify", { email: user.email, code: await lastCodeSentTo(user.email!) });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ name: "Original Name", country: "FR", phone: null, language: "en" });
  });
});

describe("POST /auth/verify", () => {
  it("refuses a code that is not 6 digits with CODE_FORMAT", async () => {
    const response = await post("/auth/verify", { email: uniqueEmail(), code: "12ab" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ code: "CODE_FORMAT" });
  });

  it("answers CODE_EXPIRED when no code was sent to the email", async () => {
    const response = await post("/auth/verify", { email: uniqueEmail(), code: "123456" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("CODE_EXPIRED");
  });

  it("answers CODE_EXPIRED once the 10 minutes are over, even with the right code", async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    clock.advance(10 * MINUTE);

    const response = await post("/auth/verify", { email, code });

    expect(response.json().error.code).toBe("CODE_EXPIRED");
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("answers CODE_INVALID for a wrong code and counts the try", async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);

    const response = await post("/auth/verify", { email, code: wrongCodeFor(code) });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("CODE_INVALID");
    expect((await codesOf(email))[0]!.tries).toBe(1);
  });

  it("refuses another email's code: a code is bound to its address", async () => {
    const mine = uniqueEmail();
    const theirs = uniqueEmail();
    await sendCode(mine);
    const theirCode = await sendCode(theirs);
    const mineRow = (await codesOf(mine))[0]!;
    // Only when the two random codes differ does this prove anything about the binding.
    if (mineRow.codeHash === hashSignInCode(mine, theirCode)) return;

    const response = await post("/auth/verify", { email: mine, code: theirCode });

    expect(response.json().error.code).toBe("CODE_INVALID");
  });

  it("burns the code on the fifth wrong try, after which even the right code is CODE_BURNT", async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    const wrong = wrongCodeFor(code);

    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push((await post("/auth/verify", { email, code: wrong })).json().error.code);
    }
    const withRightCode = await post("/auth/verify", { email, code });

    expect(answers).toEqual(["CODE_INVALID", "CODE_INVALID", "CODE_INVALID", "CODE_INVALID", "CODE_BURNT"]);
    expect(withRightCode.statusCode).toBe(400);
    expect(withRightCode.json().error.code).toBe("CODE_BURNT");
    const [row] = await codesOf(email);
    expect(row).toMatchObject({ tries: 5, usedAt: null });
    expect(row!.revokedAt).not.toBeNull();
  });

  it("never counts more than 5 tries, even for 10 wrong guesses at once", async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post("/auth/verify", { email, code: wrongCodeFor(code) })),
    );

    const codes = responses.map((response) => response.json().error.code);
    expect(codes.filter((answer) => answer === "CODE_INVALID")).toHaveLength(4);
    expect(codes.filter((answer) => answer === "CODE_BURNT")).toHaveLength(6);
    expect((await codesOf(email))[0]!.tries).toBe(5);
  });

  it("lets no stranger burn the owner's code: their wrong guesses are limited per address instead", async () => {
    const email = uniqueEmail("guessed");
    clock.set(new Date("2026-06-06T08:00:00Z"));
    const code = await sendCode(email);
    const stranger = uniqueAddress();

    const strangerAnswers: string[] = [];
    for (let guess = 0; guess < 11; guess++) {
      strangerAnswers.push(
        (await post("/auth/verify", { email, code: wrongCodeFor(code) }, stranger)).json().error.code,
      );
    }
    for (let guess = 0; guess < 6; guess++) {
      expect((await post("/auth/verify", { email, code: wrongCodeFor(code) }, uniqueAddress())).statusCode).toBe(400);
    }

    expect(strangerAnswers).toEqual([...Array(10).fill("CODE_INVALID"), "RATE_LIMITED"]);
    expect((await codesOf(email))[0]!.tries).toBe(0);
    expect((await post("/auth/verify", { email, code })).statusCode).toBe(200);
  });

  it("refuses every check of an email past 200 live codes tried in an hour, the guess ceiling", async () => {
    const email = uniqueEmail("ceiling");
    clock.set(new Date("2026-06-07T08:00:00Z"));
    const code = await sendCode(email);
    for (let guess = 0; guess < 200; guess++) {
      const address = `10.200.${Math.floor(guess / 10)}.1`;
      expect((await post("/auth/verify", { email, code: wrongCodeFor(code) }, address)).statusCode).toBe(400);
    }

    const withRightCode = await post("/auth/verify", { email, code });

    expect(withRightCode.statusCode).toBe(429);
    expect(withRightCode.json().error.code).toBe("RATE_LIMITED");
    expect(Number(withRightCode.headers["retry-after"])).toBe(3600 - 61);
  });

  it("lets the right code work once, even for two requests at the same time", async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);

    const responses = await Promise.all([post("/auth/verify", { email, code }), post("/auth/verify", { email, code })]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(responses.find((response) => response.statusCode === 400)!.json().error.code).toBe("CODE_EXPIRED");
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(await db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
    expect((await post("/auth/verify", { email, code })).json().error.code).toBe("CODE_EXPIRED");
  });

  it("limits attempts per client address to 30 in 10 minutes with RATE_LIMITED", async () => {
    const address = uniqueAddress();
    clock.set(new Date("2026-06-04T08:00:00Z"));
    for (let attempt = 0; attempt < 30; attempt++) {
      await post("/auth/verify", { email: uniqueEmail(), code: "123456" }, address);
    }

    const response = await post("/auth/verify", { email: uniqueEmail(), code: "123456" }, address);

    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe("RATE_LIMITED");
    expect(response.headers["retry-after"]).toBe("600");
  });

  it("creates a verified account for an unknown email, in the language the code was asked in, asking for the profile next", async () => {
    const email = uniqueEmail("fresh");
    const code = await sendCode(email, "en");

    const response = await post("/auth/verify", { email, code });

    expect(response.statusCode).toBe(200);
    const { data } = verifyCode.response.parse(response.json());
    expect(data.isProfileComplete).toBe(false);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ isVerified: true, name: null, country: null, language: "en", currency: "DZD" });
    const [used] = await codesOf(email);
    expect(used!.usedAt).toEqual(clock.now());
  });

  it("signs an existing account in with a 256-bit token stored only as its SHA-256, valid 30 days", async () => {
    const user = await createUser(testApp);
    const code = await sendCode(user.email!);

    const response = await post("/auth/verify", { email: user.email, code });

    const { data } = verifyCode.response.parse(response.json());
    expect(data.isProfileComplete).toBe(true);
    expect(Buffer.from(data.token, "base64url")).toHaveLength(32);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(data.token));
    expect(rows[0]!.expiresAt.getTime() - clock.now().getTime()).toBe(30 * 24 * 60 * MINUTE);
    expect(JSON.stringify(rows)).not.toContain(data.token);
  });
});

describe("POST /auth/logout", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await app.inject({ method: "POST", url: `${API_BASE_PATH}/auth/logout` });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("ends this session only, so the user's other devices stay signed in", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const other = await createSession(testApp, user);

    const response = await app.inject({ method: "POST", url: `${API_BASE_PATH}/auth/logout`, headers });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers })).statusCode).toBe(401);
    const stillIn = await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers: other.headers });
    expect(stillIn.statusCode).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("refuses an empty deviceId and unknown fields with their codes, keeping the session", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/logout`,
      headers,
      payload: { deviceId: " ", everywhere: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ deviceId: "INVALID", everywhere: "UNKNOWN_FIELD" });
    expect((await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers })).statusCode).toBe(200);
  });

  it("stops pushes to the named device only: its token is forgotten, the record and other phones keep theirs", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const phone = await createDevice(testApp, user);
    const tablet = await createDevice(testApp, user, { deviceType: "ios" });
    const someoneElse = await createDevice(testApp, await createUser(testApp), { deviceId: phone.deviceId });

    const response = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/logout`,
      headers,
      payload: { deviceId: phone.deviceId },
    });

    expect(response.statusCode).toBe(204);
    const tokenOf = async (id: string) => (await db.select().from(devices).where(eq(devices.id, id)))[0]?.pushToken;
    expect(await tokenOf(phone.id)).toBeNull();
    expect(await tokenOf(tablet.id)).toBe(tablet.pushToken);
    expect(await tokenOf(someoneElse.id)).toBe(someoneElse.pushToken);
    expect((await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers })).statusCode).toBe(401);
  });

  it("ends the session when the named device has no record", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/auth/logout`,
      headers,
      payload: { deviceId: "never-registered" },
    });
    expect(response.statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers })).statusCode).toBe(401);
  });
});

describe("GET /auth/me", () => {
  const me = (headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers });

  it("refuses a missing, malformed or unknown token with UNAUTHENTICATED", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer" },
      { authorization: `Bearer ${"x".repeat(43)}` },
    ];
    for (const headers of attempts) {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("refuses a session past its expiry with UNAUTHENTICATED", async () => {
    const { headers } = await createSignedInUser(testApp);
    clock.advance(31 * 24 * 60 * MINUTE);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it("answers name, email, phone, country, verified, language and currency", async () => {
    const { user, headers } = await createSignedInUser(testApp, { phone: "+213551234567", language: "ar" });

    const response = await me(headers);

    expect(response.statusCode).toBe(200);
    expect(getMe.response.parse(response.json())).toEqual({
      data: {
        name: "Amina Benali",
        email: user.email,
        phone: "+213551234567",
        country: "DZ",
        verified: true,
        language: "ar",
        currency: "DZD",
      },
    });
  });

  it("slides the session's expiry forward as it is used", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    clock.advance(20 * 24 * 60 * MINUTE);

    expect((await me(headers)).statusCode).toBe(200);

    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.expiresAt.getTime() - clock.now().getTime()).toBe(30 * 24 * 60 * MINUTE);
    clock.advance(20 * 24 * 60 * MINUTE);
    expect((await me(headers)).statusCode).toBe(200);
  });
});
