import { consoleOrderDetailSchema, searchConsoleOrders } from "@esim/shared/console/orders-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { and, desc, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { runDueJobs } from "../../jobs/worker.ts";
import { createCoupon, createPackage, createSignedInUser } from "../../test/factories.ts";
import { esims } from "../esims/esims.schema.ts";
import { buyEsim } from "../esims/esims.test-kit.ts";
import { invoices } from "../invoices/invoices.schema.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import {
  createBuyingApp,
  createPaidOrder,
  orderBody,
  orderJobs,
  placeTestOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { decideRefund } from "../orders/index.ts";
import { orders } from "../orders/orders.schema.ts";

// The console's orders, as an operator uses them: find an order, read its timeline, act on it; every action audited
// with the operator, the address and before/after, in the change's transaction.

const testApp = await createBuyingApp();
const { app, db, deps, simulator } = testApp;
const plan = await createPackage(testApp);
const support = await createSignedInOperator(testApp, "support");
const admin = await createSignedInOperator(testApp, "admin");

function call(
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers,
    remoteAddress: "203.0.113.7",
    ...(payload ? { payload } : {}),
  });
}

const detailOf = (response: { json(): unknown }) =>
  z.object({ data: consoleOrderDetailSchema }).parse(response.json()).data;

async function auditFor(number: string) {
  return db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.entityType, "order"), eq(operatorAuditLog.entityId, number)))
    .orderBy(operatorAuditLog.seq);
}

/** A paid order whose provisioning failed on its last try: flagged, still confirmed, no job left. */
async function createFailedOrder() {
  const paid = await createPaidOrder(testApp, plan.id);
  await db.execute(
    sql`update graphile_worker._private_jobs set attempts = max_attempts - 1 where key = ${paid.orderId}`,
  );
  simulator.setFaults({ errorProbability: 1 });
  await runDueJobs(deps);
  simulator.setFaults("");
  return paid;
}

/** An order whose payment the gateway reports at 1 DZD: held (on_hold), flagged amount_mismatch, nothing delivered. */
async function createHeldOrder(language: "fr" | "en" | "ar" = "fr") {
  const buyer = await createSignedInUser(testApp, { language });
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
  await postPaymentWebhook(
    testApp,
    await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 1 }),
  );
  return { ...buyer, ...placed };
}

/** An order placed, then ended unpaid on the sandbox's page: the card declined ("fail") or the payer cancelling. */
async function createUnpaidEndedOrder(button: "fail" | "cancel") {
  const buyer = await createSignedInUser(testApp);
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
  await pressButton(testApp, placed.checkoutUrl, button);
  return placed;
}

describe("GET /orders: search", () => {
  it("finds an order by number, email (any case), ICCID and payment id, for support too", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const queries = [
      bought.number.toLowerCase(),
      bought.user.email!.toUpperCase(),
      bought.esim.iccid!,
      bought.paymentId,
    ];
    for (const q of queries) {
      const response = await call("GET", `/orders?q=${encodeURIComponent(q)}`, support.headers);
      expect(response.statusCode).toBe(200);
      const body = searchConsoleOrders.response.parse(response.json());
      expect(body.data.map((order) => order.number)).toEqual([bought.number]);
      expect(body.data[0]).toMatchObject({ status: "delivered", email: bought.user.email, quantity: 1 });
    }
  });

  it("finds an order whose eSIM has no ICCID yet by its number, and never by an ICCID", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const iccid = bought.esim.iccid!;
    await db.update(esims).set({ iccid: null }).where(eq(esims.id, bought.esim.id));
    const byNumber = await call("GET", `/orders?q=${bought.number}`, support.headers);
    expect(searchConsoleOrders.response.parse(byNumber.json()).data.map((order) => order.number)).toEqual([
      bought.number,
    ]);
    const byIccid = await call("GET", `/orders?q=${iccid}`, support.headers);
    expect(searchConsoleOrders.response.parse(byIccid.json()).data).toEqual([]);
  });

  it("answers nothing for a search that matches no order", async () => {
    const response = await call("GET", "/orders?q=nobody%40example.invalid", support.headers);
    expect(response.json()).toEqual({ data: [], page: 1, hasMore: false });
  });

  it("pages the newest orders without a search", async () => {
    for (let index = 0; index < 21; index += 1) await createPaidOrder(testApp, plan.id);
    const first = searchConsoleOrders.response.parse((await call("GET", "/orders", support.headers)).json());
    expect(first.data).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = searchConsoleOrders.response.parse((await call("GET", "/orders?page=2", support.headers)).json());
    expect(second.page).toBe(2);
    expect(second.data.map((order) => order.number)).not.toContain(first.data[0]!.number);
  });
});

/** A word of letters no other order's billing name holds, so a search answers this test's orders only. */
function uniqueWord() {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => String.fromCharCode(97 + (byte % 26))).join(
    "",
  );
}

/** A valid Algerian mobile number (05 5x xx xx xx) no other order uses, as a buyer types it. */
function uniqueMobile() {
  const digits = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0");
  return `055${digits}`;
}

async function placeOrderWith(billing: { name: string; phone: string }, overrides: Record<string, unknown> = {}) {
  const buyer = await createSignedInUser(testApp);
  const body = orderBody(buyer.user, plan.id, overrides);
  return placeTestOrder(testApp, buyer.headers, {
    ...body,
    billing: { ...(body.billing as Record<string, unknown>), ...billing },
  });
}

async function searchNumbers(query: string, headers = support.headers) {
  const response = await call("GET", `/orders?${query}`, headers);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return searchConsoleOrders.response.parse(response.json()).data.map((order) => order.number);
}

describe("GET /orders: search by fragments (decision 074)", () => {
  it("finds an order by part of a name, either name, any case or accents, both names in any order", async () => {
    const surname = uniqueWord();
    const placed = await placeOrderWith({ name: `Amína Bénali${surname}`, phone: uniqueMobile() });
    for (const q of [`ami bENALI${surname}`, `benali${surname}`, `BÉNALI${surname.slice(0, 5)}`, `${surname} amina`]) {
      expect(await searchNumbers(`q=${encodeURIComponent(q)}`), q).toEqual([placed.number]);
    }
    expect(await searchNumbers("q=Ami")).toContain(placed.number);
    expect(await searchNumbers(`q=${encodeURIComponent(`${surname} karim`)}`)).toEqual([]);
  });

  it("finds an order by a fragment of its number, in any case", async () => {
    const placed = await placeOrderWith({ name: "Karim Saidi", phone: uniqueMobile() });
    const digits = placed.number.split("-")[1]!;
    for (const q of [digits, digits.slice(-4), placed.number.slice(0, 8).toLowerCase()]) {
      expect(await searchNumbers(`q=${encodeURIComponent(q)}`), q).toContain(placed.number);
    }
  });

  it("finds an order by the buyer's phone typed in any form", async () => {
    const mobile = uniqueMobile();
    const national = mobile.slice(1);
    const placed = await placeOrderWith({ name: "Karim Saidi", phone: mobile });
    const spaced = (digits: string) => digits.replace(/(\d{3})(\d{2})(\d{2})(\d{2})$/, "$1 $2 $3 $4");
    for (const q of [
      mobile,
      `0${spaced(national)}`,
      `+213${national}`,
      `+213 ${spaced(national)}`,
      `213 ${spaced(national)}`,
      `00213${national}`,
      national.slice(2, 8),
    ]) {
      expect(await searchNumbers(`q=${encodeURIComponent(q)}`), q).toEqual([placed.number]);
    }
  });
});

describe("GET /orders: filters (decision 074)", () => {
  /**
   * Four orders around an Algiers midnight: A paid by CIB at 00:30 on the 21st (23:30 UTC on the 20th), B unpaid by
   * EDAHABIA at 23:30 on the 20th, C unpaid by CIB on the 21st, all three with the promo code; D paid by CIB on the
   * 21st without it.
   */
  async function placeFilteredOrders() {
    const coupon = await createCoupon(testApp);
    const place = async (options: { paymentMethod: string; couponCode?: string; pay: boolean; createdAt: string }) => {
      const placed = await placeOrderWith(
        { name: "Karim Saidi", phone: uniqueMobile() },
        { paymentMethod: options.paymentMethod, ...(options.couponCode ? { couponCode: options.couponCode } : {}) },
      );
      if (options.pay) await pressButton(testApp, placed.checkoutUrl, "pay");
      await db
        .update(orders)
        .set({ createdAt: new Date(options.createdAt) })
        .where(eq(orders.id, placed.orderId));
      return placed.number;
    };
    const a = await place({
      paymentMethod: "cib",
      couponCode: coupon.code,
      pay: true,
      createdAt: "2026-11-20T23:30:00Z",
    });
    const b = await place({
      paymentMethod: "edahabia",
      couponCode: coupon.code,
      pay: false,
      createdAt: "2026-11-20T22:30:00Z",
    });
    const c = await place({
      paymentMethod: "cib",
      couponCode: coupon.code,
      pay: false,
      createdAt: "2026-11-21T10:00:00Z",
    });
    const d = await place({ paymentMethod: "cib", pay: true, createdAt: "2026-11-21T11:00:00Z" });
    return { coupon, a, b, c, d };
  }

  it("filters by promo code, Algiers days, payment method and status, combined, newest first", async () => {
    const { coupon, a, b, c, d } = await placeFilteredOrders();
    const code = `couponCode=${coupon.code.toLowerCase()}`;
    expect(await searchNumbers(code)).toEqual([c, a, b]);
    expect(await searchNumbers(code, admin.headers)).toEqual([c, a, b]);
    expect(await searchNumbers(`${code}&from=2026-11-21&to=2026-11-21`)).toEqual([c, a]);
    expect(await searchNumbers(`${code}&from=2026-11-20&to=2026-11-20`)).toEqual([b]);
    expect(await searchNumbers(`${code}&to=2026-11-20`)).toEqual([b]);
    expect(await searchNumbers(`${code}&from=2026-11-21&paymentMethod=cib`)).toEqual([c, a]);
    expect(await searchNumbers(`${code}&paymentMethod=cib&status=confirmed`)).toEqual([a]);
    expect(await searchNumbers(`${code}&q=${encodeURIComponent(a)}`)).toEqual([a]);
    const sameDay = await searchNumbers("from=2026-11-21&to=2026-11-21&paymentMethod=cib&status=confirmed");
    expect(sameDay).toEqual(expect.arrayContaining([a, d]));
    expect(sameDay).not.toContain(c);
  });

  it("finds the orders money is still owed on, whatever their status, in the list and in its CSV with the sum", async () => {
    const settled = await createPaidOrder(testApp, plan.id);
    const owing = await createPaidOrder(testApp, plan.id);
    await decideRefund(deps, { number: owing.number, reason: "upstream cannot deliver", actor: "operator:test" });
    const { chargeDzdMinor } = await readOrder(testApp, owing.orderId);
    const found = await searchNumbers("refundOwed=true");
    expect(found).toContain(owing.number);
    expect(found).not.toContain(settled.number);

    const response = await call("GET", `/orders/export.csv?refundOwed=true&q=${owing.number}`, admin.headers);
    const [header, line] = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toMatch(/,refund_owed_dzd$/);
    expect(line).toMatch(new RegExp(`^${owing.number},.*,${(chargeDzdMinor / 100).toFixed(2)}$`));
  });

  it("refuses an unknown status, payment method or a malformed day", async () => {
    for (const query of ["status=lost", "paymentMethod=cash", "from=21-11-2026", "to=2026-13-01", "refundOwed=maybe"]) {
      const response = await call("GET", `/orders?${query}`, support.headers);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("exports the filtered list as CSV for an admin, its cells defused, audited", async () => {
    const { coupon, a, c } = await placeFilteredOrders();
    await db
      .update(orders)
      .set({
        billing: sql`${orders.billing} || ${JSON.stringify({ name: '=HYPERLINK("http://evil")', email: "x@y.dz" })}::jsonb`,
      })
      .where(eq(orders.number, c));
    await db
      .update(orders)
      .set({ billing: sql`${orders.billing} || ${JSON.stringify({ name: 'Benali, "Amina"' })}::jsonb` })
      .where(eq(orders.number, a));
    const query = `couponCode=${coupon.code}&paymentMethod=cib`;
    const response = await call("GET", `/orders/export.csv?${query}`, admin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="orders.csv"');
    expect(response.headers["cache-control"]).toContain("no-store");
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "number,created_at,status,customer_name,email,phone,plan,destination,quantity,charged_dzd,payment_method,coupon_code,refund_owed_dzd",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(`^${c},2026-11-21T10:00:00.000Z,pending,"'=HYPERLINK\\(""http://evil""\\)",x@y.dz,'\\+213`),
    );
    expect(lines[1]).toMatch(new RegExp(`,1,\\d+\\.\\d{2},cib,${coupon.code},0\\.00$`));
    expect(lines[2]).toMatch(new RegExp(`^${a},2026-11-20T23:30:00.000Z,confirmed,"Benali, ""Amina""",`));

    const [entry] = await db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, "orders.exported"))
      .orderBy(desc(operatorAuditLog.seq))
      .limit(1);
    expect(entry).toMatchObject({
      operatorId: admin.operator.id,
      entityType: "order",
      ip: "203.0.113.7",
      after: { filter: { couponCode: coupon.code, paymentMethod: "cib" }, rows: 2 },
    });
  });

  it("keeps the export from support agents and customers, auditing nothing", async () => {
    const before = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, "orders.exported"));
    expect((await call("GET", "/orders/export.csv", support.headers)).statusCode).toBe(403);
    const customer = await createSignedInUser(testApp);
    expect([401, 403]).toContain((await call("GET", "/orders/export.csv", customer.headers)).statusCode);
    const after = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, "orders.exported"));
    expect(after).toHaveLength(before.length);
  });
});

describe("how an unpaid order ended, in the search and the order", () => {
  it("tells a declined card from a checkout the payer cancelled, and neither from an order awaiting payment", async () => {
    const declined = await createUnpaidEndedOrder("fail");
    const cancelled = await createUnpaidEndedOrder("cancel");
    const paid = await createPaidOrder(testApp, plan.id);
    const endings = [
      [declined.number, "payment_failed"],
      [cancelled.number, "payment_canceled"],
      [paid.number, null],
    ] as const;
    for (const [number, rejectedBy] of endings) {
      const found = searchConsoleOrders.response.parse(
        (await call("GET", `/orders?q=${number}`, support.headers)).json(),
      );
      expect(found.data).toEqual([expect.objectContaining({ number, rejectedBy })]);
      expect(detailOf(await call("GET", `/orders/${number}`, support.headers)).rejectedBy).toBe(rejectedBy);
    }
  });
});

describe("GET /orders/:number: the order and its timeline", () => {
  it("answers 404 for an unknown number and 400 for a malformed one", async () => {
    expect((await call("GET", "/orders/ES26-999999", support.headers)).json().error.code).toBe("NOT_FOUND");
    expect((await call("GET", "/orders/not-a-number", support.headers)).statusCode).toBe(400);
  });

  it("merges status history, the gateway's webhook, the eSIM and the install email in time order", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const response = await call("GET", `/orders/${bought.number}`, support.headers);
    expect(response.statusCode).toBe(200);
    const detail = detailOf(response);
    expect(detail).toMatchObject({
      number: bought.number,
      status: "delivered",
      customer: { email: bought.user.email },
    });
    expect(detail.esims).toEqual([expect.objectContaining({ iccid: bought.esim.iccid, isCancellable: true })]);
    const kinds = detail.timeline.map((item) => (item.kind === "status" ? `status:${item.toStatus}` : item.kind));
    expect(kinds).toEqual(
      expect.arrayContaining(["status:not_paid", "webhook", "status:confirmed", "esim", "status:delivered", "email"]),
    );
    expect(kinds.indexOf("status:not_paid")).toBeLessThan(kinds.indexOf("status:confirmed"));
    expect(kinds.indexOf("status:confirmed")).toBeLessThan(kinds.indexOf("status:delivered"));
    const times = detail.timeline.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(detail.actions).toEqual({
      canRetryProvisioning: false,
      canResendInstallEmail: true,
      canRecordRefund: false,
      canDecideHeldPayment: false,
      canRefundHeldMoney: false,
    });
  });

  it("tells each line of the history as codes the console words (event, actor), never as English sentences", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const detail = detailOf(await call("GET", `/orders/${bought.number}`, support.headers));
    const history = detail.timeline.filter((item) => item.kind === "status");
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: "created", actor: { kind: "customer", name: null }, note: null }),
        expect.objectContaining({ event: "paid", actor: { kind: "gateway", name: expect.any(String) }, note: null }),
        expect.objectContaining({ event: "delivered", actor: { kind: "system", name: null }, note: null }),
      ]),
    );
    expect(JSON.stringify(history)).not.toMatch(/placed at checkout|opened at the gateway|stored/);
  });

  it("gives the plan's parts for the console to name it, never the upstream's English name", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const parts = { destinationCode: plan.destinationCode, validityDays: plan.validityDays, dataMb: plan.dataMb };
    const detail = detailOf(await call("GET", `/orders/${bought.number}`, support.headers));
    expect(detail.plan).toMatchObject(parts);
    const found = searchConsoleOrders.response.parse(
      (await call("GET", `/orders?q=${bought.number}`, support.headers)).json(),
    );
    expect(found.data).toEqual([expect.objectContaining({ plan: expect.objectContaining(parts) })]);
    expect(JSON.stringify([detail, found])).not.toContain(plan.name);
  });

  it("keeps a sent install email on the timeline while its text and HTML are gone from the outbox", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await runDueJobs(deps);
    const delivered = testApp.sentMails.findLast((mail) => mail.text.includes(`/details/${bought.esim.id}`));
    expect(delivered).toBeDefined();
    const [row] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `install:${bought.orderId}`));
    expect(row).toMatchObject({ status: "sent", text: null, html: null, attachments: [] });

    const detail = detailOf(await call("GET", `/orders/${bought.number}`, support.headers));
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({
        kind: "email",
        key: `install:${bought.orderId}`,
        to: bought.user.email,
        subject: delivered!.subject,
        status: "sent",
        sentAt: row!.sentAt!.toISOString(),
      }),
    );
  });

  it("shows an eSIM delivered before the upstream gave its ICCID with none, still cancellable", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db.update(esims).set({ iccid: null }).where(eq(esims.id, bought.esim.id));
    const response = await call("GET", `/orders/${bought.number}`, support.headers);
    expect(response.statusCode).toBe(200);
    const detail = detailOf(response);
    expect(detail.esims).toEqual([expect.objectContaining({ id: bought.esim.id, iccid: null, isCancellable: true })]);
    expect(detail.timeline).toContainEqual(expect.objectContaining({ kind: "esim", iccid: null }));
  });
});

describe("POST /orders/:number/retry-provisioning", () => {
  it("refuses an order already delivered with ORDER_ACTION_NOT_ALLOWED, auditing nothing", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const response = await call("POST", `/orders/${bought.number}/retry-provisioning`, support.headers, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
    expect(await auditFor(bought.number)).toEqual([]);
  });

  it("queues provisioning again for a failed order, which a support agent then sees delivered", async () => {
    const failed = await createFailedOrder();
    expect(await readOrder(testApp, failed.orderId)).toMatchObject({
      status: "confirmed",
      attentionKind: "provisioning_failed",
    });
    const before = detailOf(await call("GET", `/orders/${failed.number}`, support.headers));
    expect(before.actions.canRetryProvisioning).toBe(true);
    expect(before.provisioning.lastError).toMatch(/Simulated upstream error/);

    const response = await call("POST", `/orders/${failed.number}/retry-provisioning`, support.headers, {});
    expect(response.statusCode).toBe(200);
    expect(await orderJobs(testApp, failed.orderId)).toHaveLength(1);
    // A double click queues the same job again, not a second one.
    await call("POST", `/orders/${failed.number}/retry-provisioning`, support.headers, {});
    expect(await orderJobs(testApp, failed.orderId)).toHaveLength(1);

    const [entry] = await auditFor(failed.number);
    expect(entry).toMatchObject({
      operatorId: support.operator.id,
      action: "order.provisioning_retried",
      entityType: "order",
      entityId: failed.number,
      before: expect.objectContaining({ status: "confirmed", attentionKind: "provisioning_failed" }),
      after: { provisioningQueued: true },
      ip: "203.0.113.7",
    });

    await runDueJobs(deps);
    await runDueJobs(deps);
    const after = detailOf(await call("GET", `/orders/${failed.number}`, support.headers));
    expect(after.status).toBe("delivered");
    expect(after.attention).toBeNull();
    // The error of a try before the delivery is not left reading as the order's current error.
    expect(after.provisioning.lastError).toBeNull();
    expect(after.esims).toHaveLength(1);
    expect(
      after.timeline.some((item) => item.kind === "operator" && item.action === "order.provisioning_retried"),
    ).toBe(true);
  });
});

describe("GET /orders/:number: the provisioning job of an order being refunded", () => {
  it("shows no live delivery job once the refund is decided: the job will deliver nothing", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    expect(detailOf(await call("GET", `/orders/${paid.number}`, support.headers)).provisioning.job).not.toBeNull();
    await decideRefund(deps, { number: paid.number, reason: "upstream cannot deliver", actor: "operator:test" });
    const detail = detailOf(await call("GET", `/orders/${paid.number}`, support.headers));
    expect(detail.status).toBe("refund_due");
    expect(detail.provisioning.job).toBeNull();
  });
});

describe("POST /orders/:number/resend-install-email", () => {
  it("refuses an order not delivered yet", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const response = await call("POST", `/orders/${paid.number}/resend-install-email`, support.headers, {
      requestKey: crypto.randomUUID(),
    });
    expect(response.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
  });

  it("queues the install email again, once per request key, audited once", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const requestKey = crypto.randomUUID();
    for (let click = 0; click < 2; click += 1) {
      const response = await call("POST", `/orders/${bought.number}/resend-install-email`, support.headers, {
        requestKey,
      });
      expect(response.statusCode).toBe(200);
    }
    const resent = await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.key, `install:${bought.orderId}:resend:%`));
    expect(resent).toHaveLength(1);
    expect(resent[0]).toMatchObject({ to: bought.user.email, orderId: bought.orderId });
    expect((await auditFor(bought.number)).map((entry) => entry.action)).toEqual(["order.install_email_resent"]);
  });
});

describe("POST /orders/:number/refund", () => {
  const refund = () => ({
    amountDzdMinor: 100,
    method: "bank_transfer",
    reference: "VIR-2026-0042",
    requestKey: crypto.randomUUID(),
  });

  it("is the admin's: a support agent gets 403", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const response = await call("POST", `/orders/${paid.number}/refund`, support.headers, refund());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("FORBIDDEN");
  });

  it("refuses an order whose refund is not owed", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const response = await call("POST", `/orders/${paid.number}/refund`, admin.headers, refund());
    expect(response.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
  });

  it("refuses more than is owed, then records the refund, once, audited", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    await decideRefund(deps, { number: paid.number, reason: "upstream cannot deliver", actor: "operator:test" });
    const { chargeDzdMinor } = await readOrder(testApp, paid.orderId);

    const tooMuch = await call("POST", `/orders/${paid.number}/refund`, admin.headers, {
      ...refund(),
      amountDzdMinor: chargeDzdMinor + 1,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe("REFUND_AMOUNT_TOO_HIGH");

    const response = await call("POST", `/orders/${paid.number}/refund`, admin.headers, {
      ...refund(),
      amountDzdMinor: chargeDzdMinor,
    });
    expect(response.statusCode).toBe(200);
    const detail = detailOf(response);
    expect(detail.status).toBe("refunded");
    const recorded = detail.timeline.find((item) => item.kind === "status" && item.toStatus === "refunded");
    expect(recorded).toMatchObject({
      event: "refund_recorded",
      actor: { kind: "operator", name: admin.operator.email },
      note: null,
    });
    expect(detail.refund.sent).toEqual([expect.objectContaining({ reference: "VIR-2026-0042" })]);

    const again = await call("POST", `/orders/${paid.number}/refund`, admin.headers, {
      ...refund(),
      amountDzdMinor: chargeDzdMinor,
    });
    expect(again.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
    // The decision to refund (made here from the command line) and the refund recorded, both on the order's record.
    const entries = await auditFor(paid.number);
    expect(entries.map((entry) => [entry.action, entry.operatorId])).toEqual([
      ["refund.approved", null],
      ["order.refund_recorded", admin.operator.id],
    ]);
    expect(entries[1]).toMatchObject({
      operatorId: admin.operator.id,
      action: "order.refund_recorded",
      before: { status: "refund_due", owedDzdMinor: chargeDzdMinor },
      after: {
        status: "refunded",
        owedDzdMinor: 0,
        amountDzdMinor: chargeDzdMinor,
        method: "bank_transfer",
        reference: "VIR-2026-0042",
      },
      ip: "203.0.113.7",
    });
  });
});

describe("POST /orders/:number/esims/:esimId/cancel", () => {
  const words = { reason: "Acheté pour le mauvais pays, remboursé." };
  const cancelPath = (bought: { number: string; esim: { id: string } }) =>
    `/orders/${bought.number}/esims/${bought.esim.id}/cancel`;

  it("cancels an unused eSIM upstream for a support agent: refund owed, emailed in the customer's words, audited once", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const cancelled: string[] = [];
    const cancel = deps.esim.cancel;
    deps.esim.cancel = async (reference) => {
      cancelled.push(reference);
      return cancel.call(deps.esim, reference);
    };
    try {
      for (let click = 0; click < 2; click += 1) {
        const response = await call("POST", cancelPath(bought), support.headers, words);
        expect(response.statusCode).toBe(200);
        const detail = detailOf(response);
        // Owed until sent (decision 062), no longer "refunded" at once.
        expect(detail).toMatchObject({ status: "refund_due", refund: { owedDzdMinor: detail.chargeDzdMinor } });
        expect(detail.esims[0]).toMatchObject({ status: "Canceled", isCancellable: false });
        expect(detail.timeline.filter((item) => item.kind === "operator").map((item) => item.action)).toEqual([
          "cancellation.approved",
        ]);
      }
    } finally {
      deps.esim.cancel = cancel;
    }
    expect(cancelled).toEqual([bought.esim.upstreamReference]);
    const emails = await db.select().from(mailOutbox).where(like(mailOutbox.key, "cancellation:approved:%"));
    const mine = emails.filter((email) => email.to === bought.user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain(words.reason);
    const audit = await db
      .select()
      .from(operatorAuditLog)
      .where(
        and(eq(operatorAuditLog.action, "cancellation.approved"), eq(operatorAuditLog.operatorId, support.operator.id)),
      );
    expect(audit.filter((entry) => (entry.after as { orderId?: string }).orderId === bought.orderId)).toHaveLength(1);
  });

  it("refuses an eSIM already installed, and one of another order, changing nothing", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const other = await buyEsim(testApp, plan.id);
    await db.update(esims).set({ status: "Onboard" }).where(eq(esims.id, bought.esim.id));

    const installed = await call("POST", cancelPath(bought), support.headers, words);
    expect(installed.statusCode).toBe(409);
    expect(installed.json().error.code).toBe("CANCELLATION_NOT_ALLOWED");

    const foreign = await call("POST", `/orders/${bought.number}/esims/${other.esim.id}/cancel`, admin.headers, words);
    expect(foreign.statusCode).toBe(404);
    expect((await readOrder(testApp, other.orderId)).status).toBe("delivered");

    const noWords = await call("POST", cancelPath(other), admin.headers, { reason: "  " });
    expect(noWords.statusCode).toBe(400);
    expect(noWords.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("changes nothing when the upstream refuses, and finishes on the next click", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const cancel = deps.esim.cancel;
    deps.esim.cancel = async () => {
      throw new Error("profile already downloaded");
    };
    try {
      const refused = await call("POST", cancelPath(bought), admin.headers, words);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.code).toBe("UPSTREAM_CANCEL_FAILED");
    } finally {
      deps.esim.cancel = cancel;
    }
    const unchanged = detailOf(await call("GET", `/orders/${bought.number}`, admin.headers));
    expect(unchanged).toMatchObject({ status: "delivered", esims: [{ status: "New", isCancellable: true }] });

    const again = await call("POST", cancelPath(bought), admin.headers, words);
    expect(again.statusCode).toBe(200);
    expect(detailOf(again).status).toBe("refund_due");
  });
});

describe("POST /orders/:number/accept-held-payment", () => {
  const note = { note: "1 490 DA seen on the Chargily dashboard" };

  it("is the admin's: a support agent gets 403 and the payment stays held", async () => {
    const held = await createHeldOrder();
    const response = await call("POST", `/orders/${held.number}/accept-held-payment`, support.headers, note);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("FORBIDDEN");
    expect((await readOrder(testApp, held.orderId)).status).toBe("on_hold");
  });

  it("asks for a note, and refuses an order whose payment is not held with ORDER_ACTION_NOT_ALLOWED", async () => {
    const held = await createHeldOrder();
    const noNote = await call("POST", `/orders/${held.number}/accept-held-payment`, admin.headers, { note: " " });
    expect(noNote.statusCode).toBe(400);
    const paid = await createPaidOrder(testApp, plan.id);
    const notHeld = await call("POST", `/orders/${paid.number}/accept-held-payment`, admin.headers, note);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
    expect(await auditFor(paid.number)).toEqual([]);
  });

  it("confirms, invoices and provisions the order, audited once with the operator, however often it is clicked", async () => {
    const held = await createHeldOrder();
    expect(detailOf(await call("GET", `/orders/${held.number}`, admin.headers)).actions.canDecideHeldPayment).toBe(
      true,
    );
    // The operator's alert leads to the order's page in the console, where the payment is decided.
    const [alert] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `operator-alert:amount_mismatch:${held.orderId}`));
    expect(alert!.text).toContain(`${deps.config.PUBLIC_URL}/admin/orders/${held.number}`);
    for (let click = 0; click < 2; click += 1) {
      const response = await call("POST", `/orders/${held.number}/accept-held-payment`, admin.headers, note);
      expect(response.statusCode).toBe(200);
      const detail = detailOf(response);
      expect(detail).toMatchObject({ status: "confirmed", attention: null });
      expect(detail.actions.canDecideHeldPayment).toBe(false);
    }
    expect(await db.select().from(invoices).where(eq(invoices.orderId, held.orderId))).toHaveLength(1);
    expect(await orderJobs(testApp, held.orderId)).toEqual([expect.objectContaining({ task: "provision-order" })]);
    const entries = await auditFor(held.number);
    expect(entries).toEqual([
      expect.objectContaining({
        operatorId: admin.operator.id,
        action: "order.held_payment_accepted",
        before: { status: "on_hold", attentionKind: "amount_mismatch" },
        after: { status: "confirmed", note: note.note },
        ip: "203.0.113.7",
      }),
    ]);
    const detail = detailOf(await call("GET", `/orders/${held.number}`, admin.headers));
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({
        kind: "status",
        event: "held_payment_accepted",
        actor: { kind: "operator", name: admin.operator.email },
        note: note.note,
      }),
    );
    await runDueJobs(deps);
    expect((await readOrder(testApp, held.orderId)).status).toBe("delivered");
  });

  it("refuses to accept a held payment already refused", async () => {
    const held = await createHeldOrder();
    await call("POST", `/orders/${held.number}/refuse-held-payment`, support.headers, { reason: "Montant incorrect." });
    const response = await call("POST", `/orders/${held.number}/accept-held-payment`, admin.headers, note);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
    expect((await readOrder(testApp, held.orderId)).status).toBe("refund_due");
  });
});

describe("POST /orders/:number/refuse-held-payment", () => {
  const words = { reason: "Le montant payé ne correspond pas à la commande." };

  it("asks for the reason the customer will read, and refuses an order whose payment is not held", async () => {
    const held = await createHeldOrder();
    const noReason = await call("POST", `/orders/${held.number}/refuse-held-payment`, support.headers, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe("DECISION_REASON_REQUIRED");
    const paid = await createPaidOrder(testApp, plan.id);
    const notHeld = await call("POST", `/orders/${paid.number}/refuse-held-payment`, support.headers, words);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
    expect((await readOrder(testApp, paid.orderId)).status).toBe("confirmed");
  });

  it("never turns a held payment accepted meanwhile (a paid order) into a refund owed", async () => {
    const held = await createHeldOrder();
    await call("POST", `/orders/${held.number}/accept-held-payment`, admin.headers, { note: "Seen on the dashboard" });
    const response = await call("POST", `/orders/${held.number}/refuse-held-payment`, support.headers, words);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("ORDER_ACTION_NOT_ALLOWED");
    expect((await readOrder(testApp, held.orderId)).status).toBe("confirmed");
  });

  it("owes the refund, tells the customer in their language once, audited once with the support agent", async () => {
    const held = await createHeldOrder("en");
    for (let click = 0; click < 2; click += 1) {
      const response = await call("POST", `/orders/${held.number}/refuse-held-payment`, support.headers, words);
      expect(response.statusCode).toBe(200);
      expect(detailOf(response)).toMatchObject({ status: "refund_due", actions: { canDecideHeldPayment: false } });
    }
    expect(await orderJobs(testApp, held.orderId)).toEqual([]);
    const entries = await auditFor(held.number);
    expect(entries.map((entry) => [entry.action, entry.operatorId, entry.ip])).toEqual([
      ["refund.approved", support.operator.id, "203.0.113.7"],
    ]);
    const emails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, held.orderId));
    const decisions = emails.filter((email) => email.key.startsWith("refund-decision:"));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ to: held.user.email });
    expect(decisions[0]!.subject).toContain(held.number);
    // A held payment was taken but not accepted: the email says so, not that the eSIM could not be delivered.
    expect(decisions[0]!.text).toContain("could not accept your payment");
    expect(decisions[0]!.text).not.toContain("could not deliver");
    expect(decisions[0]!.text).toContain(words.reason);
  });
});
