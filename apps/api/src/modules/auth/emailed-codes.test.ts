import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDevMailboxMailer } from "../../providers/mail/dev-mailbox-mailer.ts";
import { createSignedInUser, uniqueAddress, uniqueEmail } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createTestOperator } from "../operators/operators.test-kit.ts";
import { signInCodes } from "./auth.schema.ts";

// What every emailed code shares, whatever it is for: the mail goes after the answer, and the shop's sending budget.

/** Twice what the attack measured (520–620 ms), so a busy test machine cannot blur the difference. */
const SMTP_SEND_MS = 1000;
/** Addresses whose mail the SMTP server refuses. */
const refusedRecipients = new Set<string>();
let isMailSlow = false;

const testApp = await createTestApp({
  // The dev mailbox behind a slow SMTP server.
  mailer: (db) => {
    const mailbox = createDevMailboxMailer(db);
    return {
      kind: "smtp",
      async send(message) {
        if (isMailSlow) await new Promise((resolve) => setTimeout(resolve, SMTP_SEND_MS));
        if (refusedRecipients.has(message.to)) throw new Error("550 mailbox unavailable");
        await mailbox.send(message);
      },
      close: () => mailbox.close(),
    };
  },
});
const { app, db, clock } = testApp;
const MINUTE = 60 * 1000;

function post(url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "POST", url, payload, remoteAddress, headers });
}

async function timed(answer: () => Promise<{ statusCode: number }>) {
  const startedAt = performance.now();
  const response = await answer();
  return { statusCode: response.statusCode, ms: performance.now() - startedAt };
}

describe("a code's email", () => {
  it("goes after the answer: an operator's address and a stranger's answer alike, well before the mail", async () => {
    const operator = await createTestOperator(testApp);
    const { headers } = await createSignedInUser(testApp);
    const customer = uniqueEmail("customer");
    clock.advance(MINUTE);
    // A first request warms the app up, so the times below are the answers' own.
    await post(`${ADMIN_API_BASE_PATH}/auth/code`, { email: uniqueEmail("warm-up") }, uniqueAddress());
    await post(`${API_BASE_PATH}/auth/code`, { email: uniqueEmail("warm-up") }, uniqueAddress());
    isMailSlow = true;
    try {
      const forOperator = await timed(() =>
        post(`${ADMIN_API_BASE_PATH}/auth/code`, { email: operator.email }, uniqueAddress()),
      );
      const forStranger = await timed(() =>
        post(`${ADMIN_API_BASE_PATH}/auth/code`, { email: uniqueEmail("nobody") }, uniqueAddress()),
      );
      const forCustomer = await timed(() => post(`${API_BASE_PATH}/auth/code`, { email: customer }, uniqueAddress()));
      const forPinReset = await timed(() =>
        post(`${API_BASE_PATH}/profile/pin/reset/code`, {}, uniqueAddress(), headers),
      );

      for (const answer of [forOperator, forStranger, forCustomer, forPinReset]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.ms).toBeLessThan(SMTP_SEND_MS / 2);
      }
      const recipients = (await testApp.mails()).map((mail) => mail.to);
      expect(recipients).toContain(operator.email);
      expect(recipients).toContain(customer);
    } finally {
      isMailSlow = false;
    }
  });

  it("that fails leaves no code behind, so its owner may ask again at once", async () => {
    const email = uniqueEmail("bouncing");
    const address = uniqueAddress();
    refusedRecipients.add(email);
    clock.advance(MINUTE);

    const first = await post(`${API_BASE_PATH}/auth/code`, { email }, address);
    await testApp.mails();
    refusedRecipients.delete(email);
    const again = await post(`${API_BASE_PATH}/auth/code`, { email }, address);

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(await db.select().from(signInCodes).where(eq(signInCodes.email, email))).toHaveLength(1);
    expect((await testApp.mails()).filter((mail) => mail.to === email)).toHaveLength(1);
  });
});

describe("the shop's budget of code emails", () => {
  it("sends 60 a minute across every address, then refuses with CODE_MAIL_BUDGET_EXCEEDED; operators keep their own", async () => {
    clock.set(new Date("2026-07-01T08:00:00Z"));
    const operator = await createTestOperator(testApp);
    const { headers } = await createSignedInUser(testApp);
    clock.advance(5 * 1000);
    // 60 strangers' addresses, 10 from each of 6 client addresses: under every per-address limit.
    for (let index = 0; index < 60; index++) {
      const response = await post(
        `${API_BASE_PATH}/auth/code`,
        { email: uniqueEmail(`flood-${index}`) },
        `10.250.${Math.floor(index / 10)}.1`,
      );
      expect(response.statusCode).toBe(200);
    }

    const signIn = await post(`${API_BASE_PATH}/auth/code`, { email: uniqueEmail("late") }, uniqueAddress());
    const pinReset = await post(`${API_BASE_PATH}/profile/pin/reset/code`, {}, uniqueAddress(), headers);
    const console = await post(`${ADMIN_API_BASE_PATH}/auth/code`, { email: operator.email }, uniqueAddress());

    for (const refused of [signIn, pinReset]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("CODE_MAIL_BUDGET_EXCEEDED");
      expect(refused.headers["retry-after"]).toBe("55");
    }
    expect(console.statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await post(`${API_BASE_PATH}/auth/code`, { email: uniqueEmail("next") }, uniqueAddress())).statusCode).toBe(
      200,
    );
  });

  it("gives the console 30 a minute, refused alike for an operator's email and a made-up one", async () => {
    clock.set(new Date("2026-07-02T08:00:00Z"));
    const budget = testApp.deps.config.OPERATOR_CODE_MAILS_PER_MINUTE;
    expect(budget).toBe(30);
    const operators = await Promise.all(Array.from({ length: budget + 1 }, () => createTestOperator(testApp)));
    clock.advance(5 * 1000);
    // Codes for made-up emails are never mailed: they spend nothing.
    for (let index = 0; index < 15; index++) {
      const response = await post(
        `${ADMIN_API_BASE_PATH}/auth/code`,
        { email: uniqueEmail("nobody") },
        uniqueAddress(),
      );
      expect(response.statusCode).toBe(200);
    }
    for (const operator of operators.slice(0, budget)) {
      expect(
        (await post(`${ADMIN_API_BASE_PATH}/auth/code`, { email: operator.email }, uniqueAddress())).statusCode,
      ).toBe(200);
    }

    const forOperator = await post(
      `${ADMIN_API_BASE_PATH}/auth/code`,
      { email: operators[budget]!.email },
      uniqueAddress(),
    );
    const forNobody = await post(`${ADMIN_API_BASE_PATH}/auth/code`, { email: uniqueEmail("nobody") }, uniqueAddress());

    expect(forOperator.json().error.code).toBe("CODE_MAIL_BUDGET_EXCEEDED");
    expect(forNobody.body).toBe(forOperator.body);
    expect(forNobody.headers["retry-after"]).toBe(forOperator.headers["retry-after"]);
  });
});
