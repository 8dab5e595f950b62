import { randomUUID } from "node:crypto";
import {
  customerDetailSchema,
  customerEsimSchema,
  customerPinSchema,
  listCustomers,
} from "@esim/shared/console/customers-contract";
import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { algiersMonthOf } from "../../lib/algiers-days.ts";
import { createDevice, createSession, createSignedInUser, createUser, uniqueEmail } from "../../test/factories.ts";
import { users } from "../account/account.schema.ts";
import { autoTopUpTriggers } from "../auto-top-up/auto-top-up.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { buyEsim, createTopUpablePlan, readEsim } from "../esims/esims.test-kit.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, orderBody, placeTestOrder, pressButton } from "../orders/buying.test-kit.ts";

const testApp = await createBuyingApp();
const { app, db, clock } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);
const support = await createSignedInOperator(testApp, "support");

function callConsole(
  method: "GET" | "POST" | "DELETE",
  path: string,
  headers: Record<string, string> = support.headers,
) {
  return app.inject({ method, url: `${ADMIN_API_BASE_PATH}${path}`, headers, remoteAddress: "10.9.8.7" });
}

async function auditOf(userId: string) {
  return db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.entityType, "customer"), eq(operatorAuditLog.entityId, userId)))
    .orderBy(desc(operatorAuditLog.seq));
}

describe("listCustomers", () => {
  const listSchema = listCustomers.response;

  it("refuses a customer's token and an unknown state", async () => {
    const customer = await createSignedInUser(testApp);
    expect((await callConsole("GET", "/customers", customer.headers)).statusCode).toBe(403);
    expect((await callConsole("GET", "/customers?state=gone")).statusCode).toBe(400);
  });

  it("finds a customer by part of the email, by name and by a phone typed the local way", async () => {
    const email = uniqueEmail("yacine");
    const user = await createUser(testApp, { email, name: "Yacine Haddad", phone: "+213555123456" });
    for (const q of [email.slice(0, 12).toUpperCase(), "yacine hadd", "0555 12 34 56"]) {
      const response = await callConsole("GET", `/customers?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const body = listSchema.parse(response.json());
      expect(body.data.map((row) => row.id)).toContain(user.id);
    }
    const nobody = listSchema.parse((await callConsole("GET", "/customers?q=zz%25nobody")).json());
    expect(nobody.data).toEqual([]);
  });

  it("finds a customer by part of either name, in any case, with or without accents, both names in any order", async () => {
    const surname = `Bénali${Date.now().toString(36).replace(/\d/g, "")}`;
    const user = await createUser(testApp, { name: `Amína ${surname}` });
    const plain = surname.normalize("NFD").replace(/\p{M}/gu, "");
    for (const q of ["Ami", surname.toLowerCase(), plain.toUpperCase(), `${plain} amina`, `ami ${plain.slice(0, 7)}`]) {
      const body = listSchema.parse((await callConsole("GET", `/customers?q=${encodeURIComponent(q)}`)).json());
      expect(
        body.data.map((row) => row.id),
        q,
      ).toContain(user.id);
    }
    const other = listSchema.parse(
      (await callConsole("GET", `/customers?q=${encodeURIComponent(`${plain} karim`)}`)).json(),
    );
    expect(other.data).toEqual([]);
  });

  it("finds a customer by part of an Arabic name", async () => {
    const user = await createUser(testApp, { name: "أمينة بن علي" });
    for (const q of ["أمينة", "بن عل"]) {
      const body = listSchema.parse((await callConsole("GET", `/customers?q=${encodeURIComponent(q)}`)).json());
      expect(
        body.data.map((row) => row.id),
        q,
      ).toContain(user.id);
    }
  });

  it("finds a customer by a phone typed in any form", async () => {
    const national = `66${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const user = await createUser(testApp, { phone: `+213${national}` });
    const spaced = national.replace(/(\d{3})(\d{2})(\d{2})(\d{2})$/, "$1 $2 $3 $4");
    for (const q of [
      `0${national}`,
      `0${spaced}`,
      `+213 ${spaced}`,
      `213 ${spaced}`,
      `00213${national}`,
      national.slice(3),
    ]) {
      const body = listSchema.parse((await callConsole("GET", `/customers?q=${encodeURIComponent(q)}`)).json());
      expect(
        body.data.map((row) => row.id),
        q,
      ).toEqual([user.id]);
    }
  });

  it("shows a name stored with a right-to-left override (before decision 060) without it, never reversed", async () => {
    const user = await createUser(testApp, { name: "Bob\u202Egnp.exe" });
    const list = listSchema.parse((await callConsole("GET", `/customers?q=${encodeURIComponent(user.email!)}`)).json());
    expect(list.data.find((row) => row.id === user.id)?.name).toBe("Bobgnp.exe");
    const detail = (await callConsole("GET", `/customers/${user.id}`)).json();
    expect(detail.data.profile.name).toBe("Bobgnp.exe");
  });

  it("pages 20 at a time, newest first", async () => {
    const marker = `pager${Date.now()}`;
    for (let index = 0; index < 21; index++) {
      clock.advance(1000);
      await createUser(testApp, { email: uniqueEmail(marker) });
    }
    const first = listSchema.parse((await callConsole("GET", `/customers?q=${marker}`)).json());
    expect(first.data).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = listSchema.parse((await callConsole("GET", `/customers?q=${marker}&page=2`)).json());
    expect(second.data).toHaveLength(1);
    expect(second.hasMore).toBe(false);
    expect(first.data[0]!.createdAt >= first.data[19]!.createdAt).toBe(true);
  });

  it("lists deleted accounts apart, anonymised, with the time of deletion", async () => {
    const customer = await createSignedInUser(testApp);
    const deleted = await app.inject({
      method: "DELETE",
      url: `${API_BASE_PATH}/profile`,
      headers: customer.headers,
      payload: { confirmation: "DELETE" },
    });
    expect(deleted.statusCode).toBe(204);
    const live = listSchema.parse((await callConsole("GET", "/customers")).json());
    expect(live.data.map((row) => row.id)).not.toContain(customer.user.id);
    const gone = listSchema.parse((await callConsole("GET", "/customers?state=deleted")).json());
    const row = gone.data.find((item) => item.id === customer.user.id);
    expect(row).toMatchObject({ email: null, name: null });
    expect(row?.deletedAt).not.toBeNull();
  });
});

describe("getCustomer", () => {
  it("says how each unpaid order ended: a checkout cancelled on the payment page is not a declined card", async () => {
    const buyer = await createSignedInUser(testApp);
    for (const button of ["cancel", "fail"] as const) {
      const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
      await pressButton(testApp, placed.checkoutUrl, button);
    }
    const { data } = z
      .object({ data: customerDetailSchema })
      .parse((await callConsole("GET", `/customers/${buyer.user.id}`)).json());
    expect(data.orders.map((order) => `${order.status}:${order.rejectedBy}`).sort()).toEqual([
      "rejected:payment_canceled",
      "rejected:payment_failed",
    ]);
  });

  it("answers 404 for an unknown customer and 400 for a malformed id", async () => {
    expect((await callConsole("GET", "/customers/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await callConsole("GET", "/customers/not-a-uuid")).statusCode).toBe(400);
  });

  it("shows the profile, orders, eSIMs with usage, devices, live sessions and PIN state", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await createDevice(testApp, bought.user);
    const response = await callConsole("GET", `/customers/${bought.user.id}`);
    expect(response.statusCode).toBe(200);
    const { data } = z.object({ data: customerDetailSchema }).parse(response.json());
    expect(data.profile.email).toBe(bought.user.email);
    expect(data.orders).toHaveLength(1);
    const found = listCustomers.response.parse((await callConsole("GET", `/customers?q=${bought.user.email}`)).json());
    expect(found.data).toEqual([expect.objectContaining({ id: bought.user.id, orderCount: 1 })]);
    // The plan's parts, for the console to name it in the operator's language; never the upstream's English name.
    const parts = { destinationCode: plan.destinationCode, validityDays: plan.validityDays, dataMb: plan.dataMb };
    expect(data.orders[0]).toMatchObject({ status: "delivered", plan: parts, rejectedBy: null });
    expect(data.esims).toHaveLength(1);
    expect(data.esims[0]).toMatchObject({ iccid: bought.esim.iccid, isAvailable: true, plan: parts });
    expect(JSON.stringify(data)).not.toContain(plan.name);
    expect(data.devices).toHaveLength(1);
    expect(data.devices[0]).toMatchObject({ model: "Pixel 8", hasPushToken: true });
    expect(data.sessions).toHaveLength(1);
    expect(data.pin).toEqual({ isSet: false, isBlocked: false, attemptsLeft: 4 });
  });

  it("lists the customer's auto top-up settings per eSIM and their credit loads, paid and pending", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const saved = await app.inject({
      method: "PUT",
      url: `${API_BASE_PATH}/esims/${bought.esim.id}/auto-top-up`,
      headers: bought.headers,
      payload: { isEnabled: true, packageId: topUp.id, thresholdPercent: 20, isOnValidityEnding: false, monthlyCap: 3 },
    });
    expect(saved.statusCode).toBe(200);
    // One auto top-up bought this month (what the cap counts), as the sweep records it.
    const orderedAt = clock.now();
    await db.insert(autoTopUpTriggers).values({
      triggerKey: `test:${randomUUID()}`,
      esimId: bought.esim.id,
      userId: bought.user.id,
      bundleId: randomUUID(),
      kind: "usage",
      packageId: topUp.id,
      outcome: "ordered",
      month: algiersMonthOf(clock.now()),
      createdAt: orderedAt,
      decidedAt: orderedAt,
    });
    const startLoad = async (amountDzd: number) => {
      const response = await app.inject({
        method: "POST",
        url: `${API_BASE_PATH}/credit-loads`,
        headers: bought.headers,
        payload: { clientReference: randomUUID(), amountDzd, paymentMethod: "edahabia", termsAccepted: true },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as { load: { id: string }; checkoutUrl: string };
    };
    const paid = await startLoad(2_000);
    await pressButton(testApp, paid.checkoutUrl, "pay");
    clock.advance(1_000);
    const pending = await startLoad(1_000);

    const { data } = z
      .object({ data: customerDetailSchema })
      .parse((await callConsole("GET", `/customers/${bought.user.id}`)).json());
    expect(data.autoTopUps).toEqual([
      {
        esimId: bought.esim.id,
        isEnabled: true,
        plan: expect.objectContaining({ destinationCode: topUp.destinationCode, validityDays: topUp.validityDays }),
        thresholdPercent: 20,
        isOnValidityEnding: false,
        monthlyCap: 3,
        boughtThisMonth: 1,
        lastOrderedAt: orderedAt.toISOString(),
        updatedAt: expect.any(String),
      },
    ]);
    expect(data.creditLoads).toEqual([
      expect.objectContaining({
        id: pending.load.id,
        amountDzdMinor: 1_000_00,
        status: "pending",
        paidAt: null,
        receiptNumber: null,
      }),
      expect.objectContaining({
        id: paid.load.id,
        amountDzdMinor: 2_000_00,
        status: "paid",
        paymentMethod: "edahabia",
        paidAt: expect.any(String),
        receiptNumber: expect.stringMatching(/^R\d{4}-\d{6}$/),
        provider: expect.any(String),
        providerReference: expect.any(String),
      }),
    ]);
  });
});

describe("refreshCustomerEsims", () => {
  it("asks the upstream for the live status and usage and stores it", async () => {
    const bought = await buyEsim(testApp, plan.id);
    clock.advance(45 * 60_000);
    const response = await callConsole("POST", `/customers/${bought.user.id}/esims/refresh`);
    expect(response.statusCode).toBe(200);
    const { data } = z.object({ data: z.array(customerEsimSchema) }).parse(response.json());
    expect(data[0]?.status).toBe("In Use");
    expect((await readEsim(testApp, bought.esim.id)).status).toBe("In Use");
    expect(data[0]?.usageUpdatedAt).not.toBeNull();
  });

  it("shows an eSIM delivered before its ICCID with none, then the ICCID the upstream gives on a refresh", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db.update(esims).set({ iccid: null }).where(eq(esims.id, bought.esim.id));
    const before = await callConsole("GET", `/customers/${bought.user.id}`);
    expect(before.statusCode).toBe(200);
    const { data } = z.object({ data: customerDetailSchema }).parse(before.json());
    expect(data.esims).toEqual([expect.objectContaining({ id: bought.esim.id, iccid: null })]);

    const refreshed = await callConsole("POST", `/customers/${bought.user.id}/esims/refresh`);
    const esimsAfter = z.object({ data: z.array(customerEsimSchema) }).parse(refreshed.json()).data;
    expect(esimsAfter).toEqual([expect.objectContaining({ id: bought.esim.id, iccid: bought.esim.iccid })]);
  });

  it("answers 404 for an unknown customer", async () => {
    const response = await callConsole("POST", "/customers/00000000-0000-4000-8000-000000000000/esims/refresh");
    expect(response.statusCode).toBe(404);
  });
});

describe("revokeCustomerSession", () => {
  it("ends the session (its token then gets 401), keeps the others, and audits who did it from where", async () => {
    const customer = await createSignedInUser(testApp);
    const other = await createSession(testApp, customer.user);
    const detail = customerDetailSchema.parse((await callConsole("GET", `/customers/${customer.user.id}`)).json().data);
    expect(detail.sessions).toHaveLength(2);
    const me = () => app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers: customer.headers });
    expect((await me()).statusCode).toBe(200);

    // Which of the two is the customer's first token: revoke each in turn, checking the other stays.
    const [first] = detail.sessions;
    expect((await callConsole("DELETE", `/customer-sessions/${first!.id}`)).statusCode).toBe(204);
    const stillIn = [
      (await me()).statusCode,
      (await app.inject({ method: "GET", url: `${API_BASE_PATH}/auth/me`, headers: other.headers })).statusCode,
    ].sort();
    expect(stillIn).toEqual([200, 401]);

    const [entry] = await auditOf(customer.user.id);
    expect(entry).toMatchObject({
      operatorId: support.operator.id,
      action: "customer.session_revoked",
      entityId: customer.user.id,
      ip: "10.9.8.7",
      after: null,
    });
    expect((entry!.before as { sessionId: string }).sessionId).toBe(first!.id);
  });

  it("answers 404 the second time and writes no second entry (a double click)", async () => {
    const customer = await createSignedInUser(testApp);
    const detail = customerDetailSchema.parse((await callConsole("GET", `/customers/${customer.user.id}`)).json().data);
    const id = detail.sessions[0]!.id;
    expect((await callConsole("DELETE", `/customer-sessions/${id}`)).statusCode).toBe(204);
    expect((await callConsole("DELETE", `/customer-sessions/${id}`)).statusCode).toBe(404);
    expect(await auditOf(customer.user.id)).toHaveLength(1);
  });
});

describe("unblockCustomerPin", () => {
  it("unblocks a blocked PIN, keeps it, and audits the before and after once", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await app.inject({
      method: "PUT",
      url: `${API_BASE_PATH}/profile/pin`,
      headers: bought.headers,
      payload: { pin: "1234" },
    });
    await db.update(users).set({ pinTries: 4, isPinBlocked: true }).where(eq(users.id, bought.user.id));

    const response = await callConsole("POST", `/customers/${bought.user.id}/pin/unblock`);
    expect(response.statusCode).toBe(200);
    expect(z.object({ data: customerPinSchema }).parse(response.json()).data).toEqual({
      isSet: true,
      isBlocked: false,
      attemptsLeft: 4,
    });
    const install = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/esims/${bought.esim.id}/install`,
      headers: bought.headers,
      payload: { pin: "1234" },
    });
    expect(install.statusCode).toBe(200);

    expect((await callConsole("POST", `/customers/${bought.user.id}/pin/unblock`)).statusCode).toBe(200);
    const entries = await auditOf(bought.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operatorId: support.operator.id,
      action: "customer.pin_unblocked",
      before: { isPinBlocked: true, pinTries: 4 },
      after: { isPinBlocked: false, pinTries: 0 },
      ip: "10.9.8.7",
    });
  });

  it("answers 404 for a deleted account", async () => {
    const user = await createUser(testApp);
    await db.update(users).set({ deletedAt: clock.now(), email: null }).where(eq(users.id, user.id));
    expect((await callConsole("POST", `/customers/${user.id}/pin/unblock`)).statusCode).toBe(404);
  });

  it("is audited as the command line when run by npm run console -- pin:unblock", async () => {
    const user = await createUser(testApp);
    await db.update(users).set({ pinTries: 2 }).where(eq(users.id, user.id));
    const { run } = await import("../../console-cli/commands/pin-unblock.ts");
    await run({ deps: testApp.deps, args: [user.email!], print: () => {} });
    expect((await auditOf(user.id))[0]).toMatchObject({ operatorId: null, action: "customer.pin_unblocked" });
  });
});
