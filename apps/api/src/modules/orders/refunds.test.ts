import { consoleOrderDetailSchema } from "@esim/shared/console/orders-contract";
import { cancellationQueueSchema } from "@esim/shared/console/refunds-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { formatMoney } from "@esim/shared/money";
import { orderRefundSchema } from "@esim/shared/orders/refunds";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import * as showCommand from "../../console-cli/commands/order-show.ts";
import * as attentionCommand from "../../console-cli/commands/orders-attention.ts";
import * as refundRecordCommand from "../../console-cli/commands/refund-record.ts";
import { cancelAndRefund } from "../../flows/cancel-and-refund.ts";
import { settlePayment } from "../../flows/settle-payment.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { workflowSteps } from "../../lib/lib.schema.ts";
import { createSignedInUser } from "../../test/factories.ts";
import { cancellationRequests, esims } from "../esims/esims.schema.ts";
import { createTopUpablePlan, request } from "../esims/esims.test-kit.ts";
import { creditNotes } from "../invoices/invoices.schema.ts";
import { getOrderMoney, getStoreCreditBalance, listLedgerMovements } from "../ledger/index.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import {
  createBuyingApp,
  createPaidOrder,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  readOrder,
  signedCheckoutWebhook,
} from "./buying.test-kit.ts";
import { decideRefund } from "./index.ts";
import { refundChoices } from "./orders.schema.ts";

// Refunds as they really are (decision 062): money to give back is owed on the ledger, of an exact amount,
// until all of it is sent; partial refunds leave the rest owed; the customer may take store credit at once or a
// transfer; every refund of an invoiced sale has its credit note.

const testApp = await createBuyingApp();
const { app, db, deps, sentMails } = testApp;
const { plan } = await createTopUpablePlan(testApp);
const support = await createSignedInOperator(testApp, "support");
const admin = await createSignedInOperator(testApp, "admin");

function callConsole(method: "GET" | "POST", path: string, headers: Record<string, string>, payload?: object) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

const detailOf = (response: { json(): unknown }) =>
  z.object({ data: consoleOrderDetailSchema }).parse(response.json()).data;

async function readDetail(number: string) {
  const response = await callConsole("GET", `/orders/${number}`, support.headers);
  expect(response.statusCode).toBe(200);
  return detailOf(response);
}

async function attentionLines() {
  const lines: string[] = [];
  await attentionCommand.run({ deps, args: [], print: (line) => lines.push(line) });
  return lines;
}

/** A delivered order of `quantity` eSIMs whose buyer (in `language`) has them all unused. */
async function deliveredOrder(options: { quantity?: number; language?: "fr" | "en" | "ar" } = {}) {
  const paid = await createPaidOrder(testApp, plan.id, options);
  await runDueJobs(deps);
  await runDueJobs(deps);
  const bought = await db.select().from(esims).where(eq(esims.orderId, paid.orderId));
  expect(bought).toHaveLength(options.quantity ?? 1);
  return { ...paid, esims: bought, order: await readOrder(testApp, paid.orderId) };
}

/** The buyer asks to cancel this eSIM and support approves it in the console; the request's row. */
async function cancelInConsole(buyer: { headers: Record<string, string> }, esimId: string) {
  const asked = await request(testApp, "POST", `/esims/${esimId}/cancellation`, {
    headers: buyer.headers,
    payload: { reason: "Voyage annulé" },
  });
  expect(asked.statusCode).toBe(200);
  const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, esimId));
  const approved = await callConsole("POST", `/cancellations/${row!.id}/approve`, support.headers, {
    reason: "Accepté",
  });
  expect(approved.statusCode).toBe(200);
  return row!;
}

async function mailsTo(email: string | null) {
  await runDueJobs(deps);
  return sentMails.filter((mail) => mail.to === email);
}

function recordInConsole(number: string, body: Record<string, unknown>) {
  return callConsole("POST", `/orders/${number}/refund`, admin.headers, {
    method: "ccp_transfer",
    reference: "VIR-2026-0042",
    requestKey: crypto.randomUUID(),
    ...body,
  });
}

function readRefund(buyer: { headers: Record<string, string> }, orderId: string) {
  return request(testApp, "GET", `/orders/${orderId}/refund`, { headers: buyer.headers });
}

function choose(buyer: { headers: Record<string, string> }, orderId: string, payload: object) {
  return request(testApp, "POST", `/orders/${orderId}/refund/choice`, { headers: buyer.headers, payload });
}

describe("a refund owed when an unused eSIM is cancelled", () => {
  it("owes the request's exact amount with its credit note, the order waiting for its refund, listed everywhere", async () => {
    const bought = await deliveredOrder({ language: "fr" });
    const cancelled = await cancelInConsole(bought, bought.esims[0]!.id);

    expect(await readOrder(testApp, bought.orderId)).toMatchObject({ status: "refund_due" });
    expect(await getOrderMoney(db, bought.orderId)).toMatchObject({
      owedDzdMinor: cancelled.refundDzdMinor,
      refundedDzdMinor: cancelled.refundDzdMinor,
    });
    const [owed] = (await listLedgerMovements(db, { orderId: bought.orderId })).filter(
      ({ movement }) => movement.kind === "refund_owed",
    );
    expect(owed!.movement.key).toBe(`refund-owed:cancellation:${cancelled.id}`);
    const notes = await db.select().from(creditNotes).where(eq(creditNotes.orderId, bought.orderId));
    expect(notes).toMatchObject([{ movementId: owed!.movement.id, amountTtcDzdMinor: cancelled.refundDzdMinor }]);
    // In the buyer's language, as the credit note is: never the history's English words.
    expect(notes[0]!.reason).toMatch(/^eSIM annulée à la demande du client \(ICCID \d+\)$/);

    const queue = cancellationQueueSchema.parse(
      (await callConsole("GET", "/cancellations", support.headers)).json().data,
    );
    expect(queue.refundsOwed.find((item) => item.orderId === bought.orderId)).toMatchObject({
      amountDzdMinor: cancelled.refundDzdMinor,
    });
    const lines = await attentionLines();
    expect(lines).not.toContain("No refund owed.");
    expect(lines.find((line) => line.includes(bought.number))).toContain(
      `owed ${formatMoney(cancelled.refundDzdMinor, "DZD")}`,
    );

    // The customer is told the refund is owed and how it will come, not that it was made.
    const [approvedMail] = (await mailsTo(bought.user.email)).filter((mail) => mail.subject.startsWith("Annulation"));
    expect(approvedMail!.text).toContain(`Nous vous devons ${formatMoney(cancelled.refundDzdMinor, "DZD")}`);
    expect(approvedMail!.text).not.toContain("Nous vous remboursons");
  });

  it("resumes an approval whose profile was cancelled upstream before a crash, without cancelling it again", async () => {
    const bought = await deliveredOrder();
    const asked = await request(testApp, "POST", `/esims/${bought.esims[0]!.id}/cancellation`, {
      headers: bought.headers,
      payload: { reason: "Voyage annulé" },
    });
    expect(asked.statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.esimId, bought.esims[0]!.id));
    // An earlier run cancelled the profile upstream, then the process died before the approval's transaction.
    await db
      .insert(workflowSteps)
      .values({ workflow: "cancel-and-refund", runId: row!.id, step: "cancel-upstream-profile", output: null });
    const cancel = vi.spyOn(deps.esim, "cancel");

    const approved = await cancelAndRefund(deps, { idOrIccid: row!.id, actor: "operator:cli" });

    expect(cancel).not.toHaveBeenCalled();
    cancel.mockRestore();
    expect(approved.outcome).toBe("approved");
    expect(await getOrderMoney(db, bought.orderId)).toMatchObject({ owedDzdMinor: row!.refundDzdMinor });
    const steps = await db.select().from(workflowSteps).where(eq(workflowSteps.runId, row!.id));
    expect(steps.map((step) => step.step).sort()).toEqual(["approve-and-owe-refund", "cancel-upstream-profile"]);
  });

  it("owes each cancelled eSIM's share while others of the order remain, the order still delivered", async () => {
    const bought = await deliveredOrder({ quantity: 2 });
    const first = await cancelInConsole(bought, bought.esims[0]!.id);

    expect(await readOrder(testApp, bought.orderId)).toMatchObject({ status: "delivered" });
    expect((await getOrderMoney(db, bought.orderId)).owedDzdMinor).toBe(first.refundDzdMinor);
    expect((await readDetail(bought.number)).refund).toMatchObject({ owedDzdMinor: first.refundDzdMinor });

    const second = await cancelInConsole(bought, bought.esims[1]!.id);
    expect(await readOrder(testApp, bought.orderId)).toMatchObject({ status: "refund_due" });
    expect((await getOrderMoney(db, bought.orderId)).owedDzdMinor).toBe(first.refundDzdMinor + second.refundDzdMinor);
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, bought.orderId))).toHaveLength(2);
  });
});

describe("recording refunds sent", () => {
  it("keeps the rest owed after a partial refund, emails the amounts, and refunds the order with the rest", async () => {
    const bought = await deliveredOrder({ language: "fr" });
    await cancelInConsole(bought, bought.esims[0]!.id);
    const owed = bought.order.chargeDzdMinor;

    const partial = await recordInConsole(bought.number, { amountDzdMinor: owed - 60_00 });
    expect(partial.statusCode).toBe(200);
    const afterPartial = detailOf(partial);
    expect(afterPartial.status).toBe("refund_due");
    expect(afterPartial.refund).toMatchObject({
      owedDzdMinor: 60_00,
      sent: [{ amountDzdMinor: owed - 60_00, method: "ccp_transfer", reference: "VIR-2026-0042" }],
    });
    expect(afterPartial.refund.sent[0]!.by).toEqual({ kind: "operator", name: admin.operator.email });
    expect(afterPartial.actions.canRecordRefund).toBe(true);
    let sentMail = (await mailsTo(bought.user.email)).filter((mail) => mail.subject.startsWith("Remboursement envoyé"));
    expect(sentMail).toHaveLength(1);
    expect(sentMail[0]!.text).toContain(`Nous vous avons envoyé ${formatMoney(owed - 60_00, "DZD")} par virement CCP.`);
    expect(sentMail[0]!.text).toContain("Référence du virement : VIR-2026-0042");
    expect(sentMail[0]!.text).toContain("Il nous reste 60 DA à vous rembourser");
    expect((await attentionLines()).find((line) => line.includes(bought.number))).toContain("owed 60 DA");

    const rest = await recordInConsole(bought.number, { amountDzdMinor: 60_00, reference: "VIR-2026-0043" });
    expect(detailOf(rest)).toMatchObject({ status: "refunded", refund: { owedDzdMinor: 0 } });
    sentMail = (await mailsTo(bought.user.email)).filter((mail) => mail.subject.startsWith("Remboursement envoyé"));
    expect(sentMail).toHaveLength(2);
    expect(sentMail[1]!.text).toContain("entièrement remboursée");
    expect((await attentionLines()).join("\n")).not.toContain(bought.number);
  });

  it("refuses more than is still owed, and nothing when nothing is owed", async () => {
    const bought = await deliveredOrder();
    const nothingOwed = await recordInConsole(bought.number, { amountDzdMinor: 100 });
    expect(nothingOwed.statusCode).toBe(409);
    expect(nothingOwed.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");

    await cancelInConsole(bought, bought.esims[0]!.id);
    await recordInConsole(bought.number, { amountDzdMinor: 100_00 });
    const tooMuch = await recordInConsole(bought.number, { amountDzdMinor: bought.order.chargeDzdMinor });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe("REFUND_AMOUNT_TOO_HIGH");
    expect((await getOrderMoney(db, bought.orderId)).owedDzdMinor).toBe(bought.order.chargeDzdMinor - 100_00);
  });

  it("records one refund for a double click", async () => {
    const bought = await deliveredOrder();
    await cancelInConsole(bought, bought.esims[0]!.id);
    const body = { amountDzdMinor: 100_00, requestKey: crypto.randomUUID() };
    const clicks = await Promise.all([recordInConsole(bought.number, body), recordInConsole(bought.number, body)]);
    expect(clicks.map((click) => click.statusCode)).toEqual([200, 200]);
    const sent = (await listLedgerMovements(db, { orderId: bought.orderId })).filter(
      ({ movement }) => movement.kind === "refund_sent",
    );
    expect(sent).toHaveLength(1);
    expect((await getOrderMoney(db, bought.orderId)).owedDzdMinor).toBe(bought.order.chargeDzdMinor - 100_00);
  });

  it("records the whole rest from the command line when no amount is given", async () => {
    const bought = await deliveredOrder();
    await cancelInConsole(bought, bought.esims[0]!.id);
    const lines: string[] = [];
    await refundRecordCommand.run({
      deps,
      args: [bought.number, "bank_transfer", "VIR-1", "200"],
      print: (line) => lines.push(line),
    });
    expect(lines[0]).toContain("still owed");
    const shown: string[] = [];
    await showCommand.run({ deps, args: [bought.number], print: (line) => shown.push(line) });
    expect(shown.join("\n")).toContain("sent 200 DA by bank_transfer, reference VIR-1");
    await refundRecordCommand.run({ deps, args: [bought.number, "bank_transfer", "VIR-2"], print: () => {} });
    expect(await readOrder(testApp, bought.orderId)).toMatchObject({ status: "refunded" });
    expect((await getOrderMoney(db, bought.orderId)).owedDzdMinor).toBe(0);
  });
});

describe("the customer's choice", () => {
  it("takes store credit at once: the credit balance up, the refund sent, the order refunded", async () => {
    const bought = await deliveredOrder({ language: "en" });
    const cancelled = await cancelInConsole(bought, bought.esims[0]!.id);
    const before = orderRefundSchema.parse((await readRefund(bought, bought.orderId)).json().data);
    expect(before).toMatchObject({ owedDzdMinor: cancelled.refundDzdMinor, canChoose: true, choice: null });

    const [first, again] = [
      await choose(bought, bought.orderId, { kind: "store_credit" }),
      await choose(bought, bought.orderId, { kind: "store_credit" }),
    ];
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(orderRefundSchema.parse(first.json().data)).toMatchObject({
      owedDzdMinor: 0,
      canChoose: false,
      sent: [{ amountDzdMinor: cancelled.refundDzdMinor, method: "store_credit" }],
    });
    expect(await getStoreCreditBalance(db, bought.user.id)).toBe(cancelled.refundDzdMinor);
    expect(await readOrder(testApp, bought.orderId)).toMatchObject({ status: "refunded" });
    const mails = (await mailsTo(bought.user.email)).filter((mail) => mail.subject.startsWith("Refund sent"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("was added to your store credit");
  });

  it("validates the transfer's account, keeps it for the operator, and erases it once the refund is sent", async () => {
    const bought = await deliveredOrder({ language: "ar" });
    await cancelInConsole(bought, bought.esims[0]!.id);
    const short = await choose(bought, bought.orderId, {
      kind: "transfer",
      account: "0079999900012345",
      holderName: "Amina B",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ account: "PAYOUT_ACCOUNT_INVALID" });

    const account = "00799999 0001234567 89";
    const chosen = await choose(bought, bought.orderId, { kind: "transfer", account, holderName: "Amina B" });
    expect(chosen.statusCode).toBe(200);
    expect(orderRefundSchema.parse(chosen.json().data)).toMatchObject({
      canChoose: false,
      choice: { kind: "transfer", accountMasked: "•••• 6789" },
    });
    expect(JSON.stringify(chosen.json())).not.toContain("0001234567");
    const other = await choose(bought, bought.orderId, { kind: "store_credit" });
    expect(other.json().error.code).toBe("REFUND_CHOICE_NOT_OPEN");
    expect((await readDetail(bought.number)).refund.choice).toMatchObject({
      kind: "transfer",
      accountNumber: "00799999000123456789",
      holderName: "Amina B",
    });

    await recordInConsole(bought.number, { amountDzdMinor: 100_00 });
    expect(await db.select().from(refundChoices).where(eq(refundChoices.orderId, bought.orderId))).toHaveLength(1);
    await recordInConsole(bought.number, { amountDzdMinor: bought.order.chargeDzdMinor - 100_00 });
    expect(await db.select().from(refundChoices).where(eq(refundChoices.orderId, bought.orderId))).toEqual([]);
    expect((await readDetail(bought.number)).refund.choice).toBeNull();
  });

  it("answers someone else's order NOT_FOUND and an order owing nothing REFUND_CHOICE_NOT_OPEN", async () => {
    const bought = await deliveredOrder();
    const stranger = await deliveredOrder();
    expect((await readRefund(stranger, bought.orderId)).statusCode).toBe(404);
    const none = await choose(bought, bought.orderId, { kind: "store_credit" });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe("REFUND_CHOICE_NOT_OPEN");
  });
});

describe("refunds decided by the operator", () => {
  it("owes a failed delivery's whole sale with its credit note, the customer's to choose", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const order = await readOrder(testApp, paid.orderId);
    const approved = await callConsole("POST", `/refunds/${paid.orderId}/approve`, support.headers, {
      reason: "Le fournisseur ne livre pas",
    });
    expect(approved.statusCode).toBe(200);
    expect(await getOrderMoney(db, paid.orderId)).toMatchObject({ owedDzdMinor: order.chargeDzdMinor });
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, paid.orderId))).toMatchObject([
      { amountTtcDzdMinor: order.chargeDzdMinor },
    ]);
    expect(orderRefundSchema.parse((await readRefund(paid, paid.orderId)).json().data).canChoose).toBe(true);
  });

  it("owes a refused held payment back from the money held, with no credit note and no choice", async () => {
    const customer = await createSignedInUser(testApp);
    const buyer = {
      ...customer,
      ...(await placeTestOrder(testApp, customer.headers, orderBody(customer.user, plan.id))),
    };
    await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: buyer.paymentId, amountDzd: 10 }),
    );
    expect(await readOrder(testApp, buyer.orderId)).toMatchObject({ status: "on_hold" });
    const decided = await decideRefund(deps, {
      number: buyer.number,
      reason: "wrong amount",
      actor: "operator:cli",
      tellCustomer: true,
    });
    expect(decided.outcome).toBe("done");
    const movements = await listLedgerMovements(db, { orderId: buyer.orderId });
    const owed = movements.find(({ movement }) => movement.kind === "refund_owed");
    expect(owed!.lines.map((line) => [line.account, line.amountDzdMinor])).toEqual([
      ["held_payments", 10_00],
      ["refunds_owed", -10_00],
    ]);
    expect(await db.select().from(creditNotes).where(eq(creditNotes.movementId, owed!.movement.id))).toEqual([]);
    const refund = orderRefundSchema.parse((await readRefund(buyer, buyer.orderId)).json().data);
    expect(refund).toMatchObject({ owedDzdMinor: 10_00, canChoose: false });
    expect((await choose(buyer, buyer.orderId, { kind: "store_credit" })).json().error.code).toBe(
      "REFUND_CHOICE_NOT_OPEN",
    );
    // Told it comes back the way it was paid, not offered a choice it does not have.
    const [told] = (await mailsTo(buyer.user.email)).filter((mail) => mail.subject.startsWith("Paiement non accepté"));
    expect(told!.text).toContain("Nous n'avons pas pu accepter votre paiement");
    expect(told!.text).toContain("Nous vous devons 10 DA");
  });

  it("owes back from the console the money a second checkout took for a paid order, once", async () => {
    const bought = await deliveredOrder();
    await db.transaction((tx) =>
      settlePayment(tx, deps, {
        orderId: bought.orderId,
        outcome: {
          kind: "paid",
          captured: {
            paymentId: bought.paymentId,
            reference: "chk_second",
            provider: "sandbox",
            amountDzdMinor: 50_00,
          },
        },
        cause: "webhook evt_second",
        actor: "gateway:sandbox",
        now: deps.now(),
      }),
    );
    const held = await readDetail(bought.number);
    expect(held).toMatchObject({
      refund: { heldDzdMinor: 50_00, owedDzdMinor: 0 },
      actions: { canRefundHeldMoney: true },
    });

    const refused = await callConsole("POST", `/orders/${bought.number}/held-money/refund`, support.headers, {
      reason: "double paiement",
    });
    expect(refused.statusCode).toBe(403);
    const clicks = await Promise.all(
      [1, 2].map(() =>
        callConsole("POST", `/orders/${bought.number}/held-money/refund`, admin.headers, { reason: "double paiement" }),
      ),
    );
    expect(clicks.map((click) => click.statusCode).sort()).toContain(200);
    const detail = await readDetail(bought.number);
    expect(detail).toMatchObject({
      status: "delivered",
      attention: null,
      refund: { heldDzdMinor: 0, owedDzdMinor: 50_00 },
      actions: { canRecordRefund: true, canRefundHeldMoney: false },
    });
    await recordInConsole(bought.number, { amountDzdMinor: 50_00, method: "gateway" });
    expect(await readDetail(bought.number)).toMatchObject({ status: "delivered", refund: { owedDzdMinor: 0 } });
  });
});
