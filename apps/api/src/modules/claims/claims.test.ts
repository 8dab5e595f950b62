import {
  CLAIM_STATUSES,
  type ClaimStatus,
  claimSchema,
  consoleClaimItemSchema,
  consoleClaimSchema,
  esimClaimsSchema,
} from "@esim/shared/claims/contracts";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { getStoreCredit } from "@esim/shared/store-credit/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { createSignedInUser } from "../../test/factories.ts";
import { buyEsim, createTopUpablePlan, request } from "../esims/esims.test-kit.ts";
import { creditNotes } from "../invoices/invoices.schema.ts";
import { getOrderMoney } from "../ledger/index.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, readOrder } from "../orders/buying.test-kit.ts";
import { CLAIM_EVENTS, CLAIM_LIFECYCLE, nextClaimStatus } from "./claim-lifecycle.ts";
import { claimEvents, claims } from "./claims.schema.ts";

const testApp = await createBuyingApp();
const { db, clock } = testApp;
const { plan } = await createTopUpablePlan(testApp);
const DAY_MS = 24 * 60 * 60 * 1000;

function fileClaim(
  bought: { headers: Record<string, string>; esim: { id: string } },
  payload: Record<string, unknown>,
) {
  return request(testApp, "POST", `/esims/${bought.esim.id}/claims`, { headers: bought.headers, payload });
}

const aClaim = { reason: "cannot_connect", message: "Pas de réseau à Istanbul, itinérance activée." };

async function filedClaim(language: "fr" | "en" | "ar" = "fr", payload: Record<string, unknown> = aClaim) {
  const bought = await buyEsim(testApp, plan.id);
  await db.execute(sql`update users set language = ${language} where id = ${bought.user.id}`);
  const response = await fileClaim(bought, payload);
  expect(response.statusCode).toBe(200);
  return { ...bought, claim: claimSchema.parse(response.json().data) };
}

/** A console call by a support operator signed in now (the tests move the clock by days; a session lasts 12 h). */
async function admin(method: "GET" | "POST", path: string, payload?: unknown, headers?: Record<string, string>) {
  return testApp.app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers: headers ?? (await createSignedInOperator(testApp, "support")).headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function claimMails(claimId: string) {
  return db
    .select({ key: mailOutbox.key, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(sql`${mailOutbox.key} like ${`claim:${claimId}:%`}`)
    .orderBy(mailOutbox.createdAt);
}

describe("opening a claim", () => {
  it("refuses a stranger, a missing reason or message, and someone else's eSIM", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const anonymous = await fileClaim({ headers: {}, esim: bought.esim }, aClaim);
    expect(anonymous.statusCode).toBe(401);

    const invalid = await fileClaim(bought, { reason: "angry", message: "" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { reason: "CLAIM_REASON_REQUIRED", message: "CLAIM_MESSAGE_REQUIRED" },
    });
    const tooLong = await fileClaim(bought, { reason: "slow", message: "x".repeat(2001) });
    expect(tooLong.json().error.fields).toEqual({ message: "CLAIM_MESSAGE_TOO_LONG" });
    const hidden = await fileClaim(bought, { reason: "slow", message: "lent\u202Eici" });
    expect(hidden.json().error.fields).toEqual({ message: "TEXT_INVISIBLE_CHARACTERS" });

    const stranger = await createSignedInUser(testApp);
    const foreign = await fileClaim({ headers: stranger.headers, esim: bought.esim }, aClaim);
    expect(foreign.statusCode).toBe(404);
    expect(await db.select().from(claims).where(eq(claims.esimId, bought.esim.id))).toEqual([]);
  });

  it("alerts the operators once per claim, queued with the claim, with its deadline and where to decide", async () => {
    const { claim } = await filedClaim("ar");
    const alerts = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `operator-alert:claim:${claim.id}`));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toBe(testApp.deps.config.OPERATOR_EMAIL);
    expect(alerts[0]!.subject).toMatch(/^Nouvelle réclamation – ES26-\d+ – à régler sous 7 jours$/);
    expect(alerts[0]!.text).toContain(`/admin/claims/${claim.id}`);
  });

  it("keeps one open claim per eSIM: a second is CLAIM_ALREADY_OPEN, even at once", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const answers = await Promise.all([
      fileClaim(bought, aClaim),
      fileClaim(bought, aClaim),
      fileClaim(bought, aClaim),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error.code).toBe("CLAIM_ALREADY_OPEN");
    expect(await db.select().from(claims).where(eq(claims.esimId, bought.esim.id))).toHaveLength(1);
  });

  it("limits a traveller to 5 claims a day, settled or not", async () => {
    const bought = await buyEsim(testApp, plan.id);
    for (let index = 0; index < 5; index += 1) {
      const filed = await fileClaim(bought, aClaim);
      expect(filed.statusCode).toBe(200);
      await admin("POST", `/claims/${filed.json().data.id}/refuse`, { reason: "Test" });
    }
    const sixth = await fileClaim(bought, aClaim);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe("RATE_LIMITED");
    clock.advance(DAY_MS + 1000);
    expect((await fileClaim(bought, aClaim)).statusCode).toBe(200);
  });

  it("shows the claim to its traveller with its status, thread and deadline, never to another", async () => {
    const filed = await filedClaim();
    expect(filed.claim).toMatchObject({
      status: "received",
      reason: "cannot_connect",
      refundPreference: "store_credit",
      canReply: true,
      isRefundable: true,
      messages: [{ author: "traveller", body: aClaim.message }],
    });
    expect(new Date(filed.claim.settleBy).getTime() - new Date(filed.claim.openedAt).getTime()).toBe(7 * DAY_MS);
    const listed = await request(testApp, "GET", `/esims/${filed.esim.id}/claims`, { headers: filed.headers });
    const forEsim = esimClaimsSchema.parse(listed.json().data);
    expect(forEsim.claims.map((claim) => claim.id)).toEqual([filed.claim.id]);
    expect(forEsim.networks.length).toBeGreaterThan(0);
    const stranger = await createSignedInUser(testApp);
    const foreign = await request(testApp, "GET", `/esims/${filed.esim.id}/claims`, { headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    const mine = await request(testApp, "GET", "/claims", { headers: stranger.headers });
    expect(mine.json().data).toEqual([]);
  });
});

describe("the 7-day rule, by date", () => {
  it("is refundable on the 7th day after payment, not after; a late claim cannot be refunded", async () => {
    const onTime = await buyEsim(testApp, plan.id);
    const order = await readOrder(testApp, onTime.orderId);
    clock.set(new Date(order.confirmedAt!.getTime() + 7 * DAY_MS));
    const last = claimSchema.parse((await fileClaim(onTime, aClaim)).json().data);
    expect(last).toMatchObject({ isRefundable: true, refundableUntil: clock.now().toISOString() });

    const late = await buyEsim(testApp, plan.id);
    const lateOrder = await readOrder(testApp, late.orderId);
    clock.set(new Date(lateOrder.confirmedAt!.getTime() + 7 * DAY_MS + 1000));
    const filed = claimSchema.parse((await fileClaim(late, aClaim)).json().data);
    expect(filed.isRefundable).toBe(false);
    const refund = await admin("POST", `/claims/${filed.id}/refund`, { method: "store_credit", scope: "esim" });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.code).toBe("CLAIM_NOT_REFUNDABLE");
    const mails = await claimMails(filed.id);
    expect(mails[0]!.text).toContain("7 jours");
  });

  it("lists open claims by deadline, the overdue first and marked", async () => {
    const older = await filedClaim();
    clock.advance(DAY_MS);
    const newer = await filedClaim();
    clock.advance(6 * DAY_MS + 1000);
    const response = await admin("GET", "/claims?status=received");
    expect(response.statusCode).toBe(200);
    const items = z.array(consoleClaimItemSchema).parse(response.json().data);
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(older.claim.id)).toBeLessThan(ids.indexOf(newer.claim.id));
    expect(items.find((item) => item.id === older.claim.id)).toMatchObject({ isOverdue: true });
    expect(items.find((item) => item.id === newer.claim.id)).toMatchObject({ isOverdue: false });
    expect(items.every((item) => item.status === "received")).toBe(true);
  });
});

describe("the claim's lifecycle", () => {
  it("allows only the moves of its table", () => {
    for (const status of CLAIM_STATUSES) {
      for (const event of CLAIM_EVENTS) {
        const allowed = (CLAIM_LIFECYCLE[event].from as readonly ClaimStatus[]).includes(status);
        expect(nextClaimStatus(status, event)).toBe(allowed ? CLAIM_LIFECYCLE[event].to : null);
      }
    }
    expect(nextClaimStatus("refunded", "answered")).toBeNull();
    expect(nextClaimStatus("refused", "refunded")).toBeNull();
  });

  it("answers, takes the traveller's reply, then refuses with a reason; a settled claim takes nothing more", async () => {
    const filed = await filedClaim("ar");
    clock.advance(60 * 60 * 1000);
    const answered = await admin("POST", `/claims/${filed.claim.id}/answer`, {
      message: "اختر الشبكة يدويًا ثم أعد تشغيل الهاتف.",
    });
    expect(answered.statusCode).toBe(200);
    expect(consoleClaimSchema.parse(answered.json().data).claim.status).toBe("answered");

    clock.advance(60 * 60 * 1000);
    const reply = await request(testApp, "POST", `/claims/${filed.claim.id}/messages`, {
      headers: filed.headers,
      payload: { message: "ما زال لا يعمل." },
    });
    expect(claimSchema.parse(reply.json().data)).toMatchObject({
      status: "received",
      messages: [{ author: "traveller" }, { author: "operator" }, { author: "traveller", body: "ما زال لا يعمل." }],
    });

    const refused = await admin("POST", `/claims/${filed.claim.id}/refuse`, { reason: "الشبكة تعمل حسب المشغل." });
    expect(consoleClaimSchema.parse(refused.json().data).claim).toMatchObject({
      status: "refused",
      refusalReason: "الشبكة تعمل حسب المشغل.",
      canReply: false,
    });
    const again = await admin("POST", `/claims/${filed.claim.id}/answer`, { message: "..." });
    expect(again.json().error.code).toBe("CLAIM_NOT_OPEN");
    const lateReply = await request(testApp, "POST", `/claims/${filed.claim.id}/messages`, {
      headers: filed.headers,
      payload: { message: "?" },
    });
    expect(lateReply.json().error.code).toBe("CLAIM_NOT_OPEN");
    const refundAfter = await admin("POST", `/claims/${filed.claim.id}/refund`, { method: "transfer", scope: "esim" });
    expect(refundAfter.json().error.code).toBe("CLAIM_NOT_OPEN");

    const events = await db.select().from(claimEvents).where(eq(claimEvents.claimId, filed.claim.id));
    expect(events.map((event) => `${event.fromStatus}>${event.toStatus}`)).toEqual([
      "received>answered",
      "answered>received",
      "received>refused",
    ]);
    const audit = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, filed.claim.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["claim.answered", "claim.refused"]);

    // Every step emailed in Arabic: received, answered, refused.
    const mails = await claimMails(filed.claim.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `تم استلام الشكوى – الطلب ${filed.number}`,
      `رد على شكواك – الطلب ${filed.number}`,
      `تم رفض الشكوى – الطلب ${filed.number}`,
    ]);
    expect(mails[1]!.text).toContain("اختر الشبكة يدويًا");
    expect(mails[2]!.text).toContain("الشبكة تعمل حسب المشغل.");
  });
});

describe("refunding a claim", () => {
  it("as store credit: the eSIM's share credited at once, the claim refunded, the traveller told in Arabic", async () => {
    const filed = await filedClaim("ar");
    const order = await readOrder(testApp, filed.orderId);
    const response = await admin("POST", `/claims/${filed.claim.id}/refund`, { method: "store_credit", scope: "esim" });
    expect(response.statusCode).toBe(200);
    const shown = consoleClaimSchema.parse(response.json().data);
    expect(shown.claim).toMatchObject({
      status: "refunded",
      refund: { method: "store_credit", amountDzdMinor: order.chargeDzdMinor },
    });
    const credit = await request(testApp, "GET", "/account/store-credit", { headers: filed.headers });
    expect(getStoreCredit.response.parse(credit.json()).data.balanceDzdMinor).toBe(order.chargeDzdMinor);
    expect((await getOrderMoney(db, filed.orderId)).owedDzdMinor).toBe(0);
    const notes = await db.select().from(creditNotes).where(eq(creditNotes.orderId, filed.orderId));
    expect(notes).toHaveLength(1);
    // The credit note (and the accountant's export) gives the reason in the customer's language, no raw code or id.
    expect(notes[0]!.reason).toContain("توجد شبكة لكن لا إنترنت");
    expect(notes[0]!.reason).toContain(filed.esim.iccid!);
    expect(notes[0]!.reason).not.toMatch(/cannot_connect|claim|eSIM did not work/);
    expect(notes[0]!.reason).not.toContain(filed.claim.id);
    const mails = await claimMails(filed.claim.id);
    expect(mails.at(-1)!.subject).toBe(`تم استرداد مبلغ الشكوى – الطلب ${filed.number}`);
    // The same refund again is refused, never paid twice.
    const twice = await admin("POST", `/claims/${filed.claim.id}/refund`, { method: "store_credit", scope: "esim" });
    expect(twice.json().error.code).toBe("CLAIM_NOT_OPEN");
    // A new claim on the same eSIM finds nothing left to refund on its order.
    const second = claimSchema.parse((await fileClaim(filed, aClaim)).json().data);
    const nothingLeft = await admin("POST", `/claims/${second.id}/refund`, { method: "store_credit", scope: "order" });
    expect(nothingLeft.json().error.code).toBe("REFUND_AMOUNT_TOO_HIGH");
    const after = await request(testApp, "GET", "/account/store-credit", { headers: filed.headers });
    expect(getStoreCredit.response.parse(after.json()).data.balanceDzdMinor).toBe(order.chargeDzdMinor);
  });

  it("by transfer: owed on the order until sent, the traveller asked for their account", async () => {
    const filed = await filedClaim("en", { ...aClaim, refundPreference: "transfer" });
    expect(filed.claim.refundPreference).toBe("transfer");
    const order = await readOrder(testApp, filed.orderId);
    const response = await admin("POST", `/claims/${filed.claim.id}/refund`, { method: "transfer", scope: "order" });
    expect(consoleClaimSchema.parse(response.json().data)).toMatchObject({
      claim: { status: "refunded", refund: { method: "transfer", amountDzdMinor: order.chargeDzdMinor } },
      order: { owedDzdMinor: order.chargeDzdMinor },
    });
    expect((await getOrderMoney(db, filed.orderId)).owedDzdMinor).toBe(order.chargeDzdMinor);
    const refund = await request(testApp, "GET", `/orders/${filed.orderId}/refund`, { headers: filed.headers });
    expect(refund.json().data).toMatchObject({ owedDzdMinor: order.chargeDzdMinor, canChoose: true });
    const mails = await claimMails(filed.claim.id);
    expect(mails.at(-1)).toMatchObject({ subject: `Claim refunded – order ${filed.number}` });
    expect(mails.at(-1)!.text).toContain("by transfer");
  });
});

describe("the console's claims", () => {
  it("is closed to travellers and strangers", async () => {
    const traveller = await createSignedInUser(testApp);
    expect((await admin("GET", "/claims", undefined, {})).statusCode).toBe(401);
    expect([401, 403]).toContain((await admin("GET", "/claims", undefined, traveller.headers)).statusCode);
    const filed = await filedClaim();
    const byTraveller = await admin(
      "POST",
      `/claims/${filed.claim.id}/refund`,
      { method: "store_credit", scope: "esim" },
      filed.headers,
    );
    expect([401, 403]).toContain(byTraveller.statusCode);
    expect((await db.select().from(claims).where(eq(claims.id, filed.claim.id)))[0]!.status).toBe("received");
  });

  it("shows a claim's eSIM and order facts and the refund the rule gives", async () => {
    const filed = await filedClaim();
    const order = await readOrder(testApp, filed.orderId);
    const response = await admin("GET", `/claims/${filed.claim.id}`);
    const shown = consoleClaimSchema.parse(response.json().data);
    expect(shown).toMatchObject({
      item: { orderNumber: filed.number, email: filed.user.email, isOverdue: false },
      order: { chargeDzdMinor: order.chargeDzdMinor, owedDzdMinor: 0 },
      esimShareDzdMinor: order.chargeDzdMinor,
    });
    expect(shown.esim.networks.length).toBeGreaterThan(0);
  });
});
