import {
  approveCancellationRequest,
  cancellationQueueSchema,
  refuseCancellationRequest,
} from "@esim/shared/console/refunds-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as approveCommand from "../../console-cli/commands/cancellation-approve.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { UpstreamError } from "../../providers/esim/esim-port.ts";
import { createSignedInUser } from "../../test/factories.ts";
import { cancellationRequests, esims } from "../esims/esims.schema.ts";
import { buyEsim, createTopUpablePlan, readEsim, request } from "../esims/esims.test-kit.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, createPaidOrder, orderJobs, readOrder } from "../orders/buying.test-kit.ts";
import { orderEvents, orders } from "../orders/orders.schema.ts";

const testApp = await createBuyingApp();
const { db, deps, sentMails } = testApp;
const { plan } = await createTopUpablePlan(testApp);
const support = await createSignedInOperator(testApp, "support");

function admin(method: "GET" | "POST", path: string, headers: Record<string, string>, payload?: unknown) {
  return testApp.app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function readQueue(headers = support.headers) {
  const response = await admin("GET", "/cancellations", headers);
  expect(response.statusCode).toBe(200);
  return cancellationQueueSchema.parse(response.json().data);
}

/** A bought eSIM whose traveller (in `language`) asked to cancel it; with the request's id. */
async function requestedCancellation(language: "fr" | "en" | "ar" = "fr") {
  const bought = await buyEsim(testApp, plan.id);
  await db.execute(`update users set language = '${language}' where id = '${bought.user.id}'`);
  const asked = await request(testApp, "POST", `/esims/${bought.esim.id}/cancellation`, {
    headers: bought.headers,
    payload: { reason: "Voyage annulé" },
  });
  expect(asked.statusCode).toBe(200);
  const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, bought.esim.id));
  return { ...bought, requestId: row!.id };
}

async function auditOf(entityId: string) {
  return db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, entityId));
}

async function mailsTo(email: string | null) {
  await runDueJobs(deps);
  return sentMails.filter((mail) => mail.to === email);
}

describe("the cancellations queue", () => {
  it("lists a pending request with its order, ICCID, customer language, refund, age and 24-hour window", async () => {
    const asked = await requestedCancellation("ar");
    testApp.clock.advance(30 * 60 * 1000);
    const queue = await readQueue();
    const item = queue.cancellations.find((entry) => entry.id === asked.requestId);
    const order = await readOrder(testApp, asked.orderId);
    expect(item).toMatchObject({
      orderNumber: asked.number,
      iccid: asked.esim.iccid,
      email: asked.user.email,
      language: "ar",
      customerReason: "Voyage annulé",
      refundDzdMinor: order.chargeDzdMinor,
      windowEndsAt: new Date(order.confirmedAt!.getTime() + 24 * 60 * 60 * 1000).toISOString(),
    });
    expect(item!.ageMinutes).toBeGreaterThanOrEqual(30);
  });

  it("shows each request's eSIM as it is now, installed meanwhile included", async () => {
    const asked = await requestedCancellation();
    const find = async () => (await readQueue()).cancellations.find((entry) => entry.id === asked.requestId);
    expect((await find())?.esimStatus).toBe("New");
    await db.update(esims).set({ status: "Onboard" }).where(eq(esims.id, asked.esim.id));
    expect((await find())?.esimStatus).toBe("Onboard");
  });

  it("lists a request for an eSIM whose ICCID is still to come, with none", async () => {
    const asked = await requestedCancellation();
    await db.update(esims).set({ iccid: null }).where(eq(esims.id, asked.esim.id));
    const item = (await readQueue()).cancellations.find((entry) => entry.id === asked.requestId);
    expect(item).toMatchObject({ orderNumber: asked.number, iccid: null });
  });

  it("refuses a customer's token and answers 401 without one", async () => {
    const customer = await createSignedInUser(testApp);
    expect((await admin("GET", "/cancellations", customer.headers)).statusCode).toBe(403);
    expect((await admin("GET", "/cancellations", {})).statusCode).toBe(401);
  });
});

describe("approving a cancellation in the console", () => {
  it("asks for the reason the customer reads", async () => {
    const asked = await requestedCancellation();
    const empty = await admin("POST", `/cancellations/${asked.requestId}/approve`, support.headers, { reason: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ reason: "DECISION_REASON_REQUIRED" });
    const long = await admin("POST", `/cancellations/${asked.requestId}/approve`, support.headers, {
      reason: "x".repeat(501),
    });
    expect(long.json().error.fields).toEqual({ reason: "CANCELLATION_REASON_TOO_LONG" });
    const unknown = await admin(
      "POST",
      "/cancellations/00000000-0000-4000-8000-000000000000/approve",
      support.headers,
      {
        reason: "ok",
      },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("cancels upstream, owes the refund, audits with the operator and emails the customer in Arabic with the reason, once", async () => {
    const asked = await requestedCancellation("ar");
    const reason = "تمت الموافقة، سيصلك المبلغ خلال أيام";
    const [first, second] = await Promise.all([
      admin("POST", `/cancellations/${asked.requestId}/approve`, support.headers, { reason }),
      admin("POST", `/cancellations/${asked.requestId}/approve`, support.headers, { reason }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(approveCancellationRequest.response.parse(first.json()).data.status).toBe("approved");

    expect((await testApp.simulator.queryProfile(asked.esim.upstreamReference))?.status).toBe("Canceled");
    expect((await readEsim(testApp, asked.esim.id)).status).toBe("Canceled");
    // Owed until sent (decision 062), no longer "refunded" at once: in the queue's refunds owed.
    expect((await readOrder(testApp, asked.orderId)).status).toBe("refund_due");
    expect((await readQueue()).refundsOwed.map((item) => item.orderId)).toContain(asked.orderId);

    const audit = await auditOf(asked.requestId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: support.operator.id,
      action: "cancellation.approved",
      entityType: "cancellation_request",
      before: { status: "pending" },
      after: { status: "approved", reason },
    });
    expect(audit[0]!.ip).toBeTruthy();

    const mails = (await mailsTo(asked.user.email)).filter((mail) => mail.subject.includes("الإلغاء"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`تم قبول الإلغاء – الطلب ${asked.number}`);
    expect(mails[0]!.text).toContain(`رسالة من فريقنا: ${reason}`);
    expect(mails[0]!.html).toContain('dir="rtl"');

    // Not in the queue any more; refusing it now is ALREADY_DECIDED.
    expect((await readQueue()).cancellations.map((item) => item.id)).not.toContain(asked.requestId);
    const refuse = await admin("POST", `/cancellations/${asked.requestId}/refuse`, support.headers, { reason: "non" });
    expect(refuse.statusCode).toBe(409);
    expect(refuse.json().error.code).toBe("ALREADY_DECIDED");
  });

  it("changes nothing when the upstream refuses to cancel", async () => {
    const asked = await requestedCancellation();
    const cancel = deps.esim.cancel;
    deps.esim.cancel = async () => {
      throw new Error("profile already installed");
    };
    try {
      const response = await admin("POST", `/cancellations/${asked.requestId}/approve`, support.headers, {
        reason: "ok",
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe("UPSTREAM_CANCEL_FAILED");
    } finally {
      deps.esim.cancel = cancel;
    }
    const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, asked.requestId));
    expect(row!.status).toBe("pending");
    expect(await auditOf(asked.requestId)).toEqual([]);
  });

  it("says the eSIM was installed meanwhile when the upstream refuses for that, and changes nothing", async () => {
    const asked = await requestedCancellation();
    const { cancel, queryProfile } = deps.esim;
    // The traveller installed it after asking: the upstream refuses the cancel as its documentation says (200002).
    deps.esim.cancel = async () => {
      throw new UpstreamError("esim/cancel: This operation is not allowed due to the order status.", {
        isRetryable: false,
        upstreamCode: "200002",
      });
    };
    deps.esim.queryProfile = async (reference, options) => {
      const profile = await queryProfile.call(deps.esim, reference, options);
      return profile ? { ...profile, status: "Onboard" } : profile;
    };
    try {
      const response = await admin("POST", `/cancellations/${asked.requestId}/approve`, support.headers, {
        reason: "ok",
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("ESIM_INSTALLED_MEANWHILE");
    } finally {
      deps.esim.cancel = cancel;
      deps.esim.queryProfile = queryProfile;
    }
    const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, asked.requestId));
    expect(row!.status).toBe("pending");
    expect(await auditOf(asked.requestId)).toEqual([]);
  });

  it("is the same service as the command line, which audits its approvals without an operator", async () => {
    const asked = await requestedCancellation();
    await approveCommand.run({ deps, args: [asked.requestId], print: () => {} });
    expect(await auditOf(asked.requestId)).toMatchObject([{ operatorId: null, action: "cancellation.approved" }]);
  });
});

describe("refusing a cancellation in the console", () => {
  it("keeps the eSIM, audits, and emails the customer the reason as typed in their language", async () => {
    const asked = await requestedCancellation("en");
    const reason = "Your eSIM was already downloaded on 3 devices.";
    const response = await admin("POST", `/cancellations/${asked.requestId}/refuse`, support.headers, { reason });
    expect(refuseCancellationRequest.response.parse(response.json()).data.status).toBe("refused");
    const again = await admin("POST", `/cancellations/${asked.requestId}/refuse`, support.headers, { reason });
    expect(again.statusCode).toBe(200);

    expect((await readEsim(testApp, asked.esim.id)).status).toBe("New");
    expect(await auditOf(asked.requestId)).toMatchObject([
      { operatorId: support.operator.id, action: "cancellation.refused", after: { status: "refused", reason } },
    ]);
    const mails = (await mailsTo(asked.user.email)).filter((mail) => mail.subject.startsWith("Cancellation"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Reason: ${reason}`);
  });
});

describe("refunds for failed deliveries", () => {
  async function failedOrder(language: "fr" | "en" | "ar" = "fr") {
    const paid = await createPaidOrder(testApp, plan.id, { language });
    await db
      .update(orders)
      .set({ attentionKind: "provisioning_failed", attentionReason: "upstream timeout", attentionAt: deps.now() })
      .where(eq(orders.id, paid.orderId));
    return paid;
  }

  it("lists failed deliveries to decide with the 7-day deadline", async () => {
    const failed = await failedOrder();
    const item = (await readQueue()).refundsToDecide.find((entry) => entry.orderId === failed.orderId);
    const order = await readOrder(testApp, failed.orderId);
    expect(item).toMatchObject({
      orderNumber: failed.number,
      attentionKind: "provisioning_failed",
      attentionReason: "upstream timeout",
      amountDzdMinor: order.chargeDzdMinor,
      deadline: new Date(order.confirmedAt!.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString(),
      isOverdue: false,
    });
  });

  it("approves: refund owed, audited, the customer emailed in Arabic with the reason; twice is once", async () => {
    const failed = await failedOrder("ar");
    const reason = "تعذّر على المزوّد تسليم الشريحة";
    const first = await admin("POST", `/refunds/${failed.orderId}/approve`, support.headers, { reason });
    const second = await admin("POST", `/refunds/${failed.orderId}/approve`, support.headers, { reason });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().data).toMatchObject({ decision: "approved", status: "refund_due" });
    expect((await readOrder(testApp, failed.orderId)).status).toBe("refund_due");
    expect(await auditOf(failed.number)).toMatchObject([
      { operatorId: support.operator.id, action: "refund.approved", before: { status: "confirmed" } },
    ]);
    const mails = (await mailsTo(failed.user.email)).filter((mail) => mail.subject.includes("الاسترداد"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`السبب: ${reason}`);
    const queue = await readQueue();
    expect(queue.refundsToDecide.map((item) => item.orderId)).not.toContain(failed.orderId);
    expect(queue.refundsOwed.map((item) => item.orderId)).toContain(failed.orderId);
  });

  it("refuses: delivery goes on, the flag cleared on the order's history, audited, the customer told; once", async () => {
    const failed = await failedOrder("fr");
    const reason = "Le fournisseur est revenu, nous relançons votre eSIM.";
    const first = await admin("POST", `/refunds/${failed.orderId}/refuse`, support.headers, { reason });
    const second = await admin("POST", `/refunds/${failed.orderId}/refuse`, support.headers, { reason });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const order = await readOrder(testApp, failed.orderId);
    expect(order).toMatchObject({ status: "confirmed", attentionKind: null });
    expect(await orderJobs(testApp, failed.orderId)).not.toEqual([]);
    const history = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, failed.orderId), eq(orderEvents.event, "refund_refused")));
    expect(history).toMatchObject([{ cause: reason, actor: `operator:${support.operator.id}` }]);
    expect(await auditOf(failed.number)).toMatchObject([{ action: "refund.refused" }]);
    const mails = (await mailsTo(failed.user.email)).filter((mail) => mail.subject.includes("reste en cours"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Motif : ${reason}`);
  });

  it("answers ALREADY_DECIDED for an order with no refund to decide, either way", async () => {
    const delivered = await buyEsim(testApp, plan.id);
    for (const decision of ["approve", "refuse"]) {
      const response = await admin("POST", `/refunds/${delivered.orderId}/${decision}`, support.headers, {
        reason: "x",
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("ALREADY_DECIDED");
    }
    const paid = await createPaidOrder(testApp, plan.id);
    const unflagged = await admin("POST", `/refunds/${paid.orderId}/refuse`, support.headers, { reason: "x" });
    expect(unflagged.json().error.code).toBe("ALREADY_DECIDED");
  });
});
