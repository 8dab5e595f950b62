import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { consoleOrderDetailSchema } from "@esim/shared/console/orders-contract";
import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { createPayLink, listPayLinks, PAY_LINK_STATUSES, revokePayLink } from "@esim/shared/pay-links/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { createDevice, createSignedInUser } from "../../test/factories.ts";
import { users } from "../account/account.schema.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { buyEsim, createTopUpablePlan, readEsim } from "../esims/esims.test-kit.ts";
import { getOrderMoney } from "../ledger/index.ts";
import { ledgerMovements } from "../ledger/ledger.schema.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import {
  createBuyingApp,
  orderBody,
  outboxEmail,
  postOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { orders } from "../orders/orders.schema.ts";
import { payments } from "../payments/payments.schema.ts";
import { applyPayLinkEvent, nextPayLinkStatus, PAY_LINK_LIFECYCLE, type PayLinkEvent } from "./pay-link-lifecycle.ts";
import { payLinks } from "./pay-links.schema.ts";

// Pay-for-me links (decision 077): the traveller makes a link, a relative pays it on its public page with no account,
// and the top-up lands on the traveller's eSIM.

const testApp = await createBuyingApp({ config: { PAY_LINK_LOOKUPS_PER_ADDRESS_PER_MINUTE: 1000 } });
const { app, db, clock } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);

const WHATSAPP = "WhatsApp/2.23.20.0 A";

function postLink(headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/pay-links`,
    headers,
    payload: { clientReference: randomUUID(), ...body },
  });
}

/** A traveller with a delivered eSIM and a link for a top-up of it. */
async function makeTopUpLink(options: { language?: "fr" | "en" | "ar" } = {}) {
  const bought = await buyEsim(testApp, plan.id);
  if (options.language) await db.update(users).set({ language: options.language }).where(eq(users.id, bought.user.id));
  const response = await postLink(bought.headers, { packageId: topUp.id, esimId: bought.esim.id });
  if (response.statusCode !== 200) throw new Error(`POST /pay-links answered ${response.statusCode}: ${response.body}`);
  const { link, url } = createPayLink.response.parse(response.json()).data;
  const path = new URL(url).pathname;
  return { ...bought, link, url, path, token: path.split("/").pop()! };
}

function openPage(path: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url: path, headers });
}

function payLink(path: string, form: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ method: "edahabia", terms: "accepted", ...form }).toString(),
  });
}

async function readLink(linkId: string) {
  const [row] = await db.select().from(payLinks).where(eq(payLinks.id, linkId));
  return row!;
}

function metaContent(html: string, property: string): string | undefined {
  const match = html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`));
  return match?.[1];
}

describe("making a link", () => {
  it("refuses a visitor without an account, and answers NOT_FOUND for someone else's eSIM", async () => {
    const owner = await buyEsim(testApp, plan.id);
    const anonymous = await postLink({}, { packageId: topUp.id, esimId: owner.esim.id });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await createSignedInUser(testApp);
    const foreign = await postLink(stranger.headers, { packageId: topUp.id, esimId: owner.esim.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("NOT_FOUND");
    expect(await db.select().from(payLinks).where(eq(payLinks.userId, stranger.user.id))).toEqual([]);
  });

  it("fixes the price on the server, keeps only the token's hash and lists the link as waiting", async () => {
    const made = await makeTopUpLink();
    expect(made.link).toMatchObject({
      status: "waiting",
      kind: "top_up",
      esimId: made.esim.id,
      amountDzdMinor: 990_00,
    });
    expect(made.url).toMatch(/\/fr\/pay\/[\w-]{40,}$/);
    const stored = await readLink(made.link.id);
    expect(stored.tokenHash).not.toContain(made.token);
    expect(JSON.stringify(stored)).not.toContain(made.token);
    expect(new Date(made.link.expiresAt).getTime() - clock.now().getTime()).toBe(72 * 60 * 60 * 1000);
    const listed = await app.inject({ method: "GET", url: `${API_BASE_PATH}/pay-links`, headers: made.headers });
    expect(listPayLinks.response.parse(listed.json()).data.map((link) => link.id)).toEqual([made.link.id]);
    expect(listed.body).not.toContain(made.token);
  });

  it("refuses a sixth waiting link with PAY_LINKS_LIMIT_REACHED, and takes one again after a revoke", async () => {
    const made = await makeTopUpLink();
    for (let index = 0; index < 4; index++) {
      expect((await postLink(made.headers, { packageId: topUp.id, esimId: made.esim.id })).statusCode).toBe(200);
    }
    const sixth = await postLink(made.headers, { packageId: topUp.id, esimId: made.esim.id });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe("PAY_LINKS_LIMIT_REACHED");
    const revoked = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/pay-links/${made.link.id}/revoke`,
      headers: made.headers,
    });
    expect(revokePayLink.response.parse(revoked.json()).data.status).toBe("revoked");
    expect((await postLink(made.headers, { packageId: topUp.id, esimId: made.esim.id })).statusCode).toBe(200);
  });

  it("does not let anyone else revoke a link", async () => {
    const made = await makeTopUpLink();
    const stranger = await createSignedInUser(testApp);
    const response = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/pay-links/${made.link.id}/revoke`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    expect((await readLink(made.link.id)).status).toBe("waiting");
  });
});

describe("the relative's page", () => {
  it("says who asks by first name, for what and how much, and shows none of the traveller's secrets", async () => {
    const made = await makeTopUpLink();
    const [traveller] = await db.select().from(users).where(eq(users.id, made.user.id));
    const esim = await readEsim(testApp, made.esim.id);
    const page = await openPage(made.path);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Amina");
    expect(page.body).not.toContain("Benali");
    expect(page.body).toContain("990");
    expect(page.body).toContain(`action="${made.path}" method="post"`);
    expect(page.body).toContain('<meta name="robots" content="noindex"');
    expect(page.body).not.toContain("<script");
    for (const secret of [traveller!.email!, traveller!.phone!, esim.iccid!, esim.activationCode, esim.matchingId]) {
      expect(secret).toBeTruthy();
      expect(page.body).not.toContain(secret);
    }
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    // The form's 303 goes to the gateway's hosted page, which the page's form-action must allow.
    expect(page.headers["content-security-policy"]).toContain(
      `form-action 'self' ${new URL(testApp.deps.config.CHARGILY_BASE_URL).origin}`,
    );
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("keeps the page's language on its sign-in link, and the amount in order on the Arabic pay button", async () => {
    const made = await makeTopUpLink();
    const french = await openPage(made.path);
    expect(french.body).toContain('href="/login?lang=fr"');
    expect(french.body).not.toContain('href="/login"');
    expect(french.body).toContain("Une recharge pour la destination ");
    const arabic = await openPage(made.path.replace("/fr/", "/ar/"));
    expect(arabic.body).toContain('href="/login?lang=ar"');
    expect(arabic.body).toMatch(/ادفع \u2068990(\.00)? DA\u2069/);
  });

  it("gives a crawler (WhatsApp) the Open Graph preview in the traveller's language, with an image we serve", async () => {
    const made = await makeTopUpLink({ language: "ar" });
    const madeUrl = new URL(made.url);
    expect(madeUrl.pathname.startsWith("/ar/pay/")).toBe(true);
    const page = await openPage(made.path, { "user-agent": WHATSAPP });
    expect(page.body).toContain('<html lang="ar-DZ" dir="rtl"');
    expect(metaContent(page.body, "og:title")).toBe("يطلب منك Amina دفع ثمن شريحة eSIM");
    expect(metaContent(page.body, "og:description")).toContain("990");
    expect(metaContent(page.body, "og:locale")).toBe("ar_DZ");
    expect(metaContent(page.body, "og:url")).toBe(made.url);
    expect(metaContent(page.body, "twitter:card")).toBe("summary_large_image");
    const image = metaContent(page.body, "og:image")!;
    expect(image).toMatch(/^https?:\/\/[^/]+\/pay-link-preview\.png$/);
    // Served with the web app's public files (the journey fetches it from the running server).
    const png = await readFile(new URL("../../../../web/public/pay-link-preview.png", import.meta.url));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("answers an unknown token with the not-found page, and slows down an address that probes tokens", async () => {
    const unknown = await openPage("/fr/pay/not-a-real-token");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("Ce lien de paiement n’existe pas");
    expect((await payLink("/fr/pay/not-a-real-token")).body).toContain("Ce lien de paiement n’existe pas");
    const probing = await createBuyingApp({ config: { PAY_LINK_LOOKUPS_PER_ADDRESS_PER_MINUTE: 3 } });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      statuses.push((await probing.app.inject({ method: "GET", url: `/fr/pay/guess-${index}` })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const busy = await probing.app.inject({ method: "GET", url: "/ar/pay/guess-6" });
    expect(busy.headers["content-type"]).toContain("text/html");
    expect(busy.body).toContain("محاولات كثيرة جدًا");
    expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("a link's order in the console", () => {
  it("says the order was paid by a relative through the traveller's link, with the relative's receipt address", async () => {
    const support = await createSignedInOperator(testApp, "support");
    const made = await makeTopUpLink();
    const paying = await payLink(made.path, { email: "tata@example.dz" });
    await pressButton(testApp, paying.headers.location as string, "pay");
    const link = await readLink(made.link.id);
    const order = await readOrder(testApp, link.orderId!);
    const response = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/orders/${order.number}`,
      headers: support.headers,
    });
    expect(response.statusCode).toBe(200);
    const detail = consoleOrderDetailSchema.parse(response.json().data);
    expect(detail.paidBy).toEqual({
      kind: "payLink",
      payerEmail: "tata@example.dz",
      creditDzdMinor: 0,
      linkCreatedAt: link.createdAt.toISOString(),
    });
  });

  it("lists a customer's links on their console page, each in its state with what the payer pays", async () => {
    const support = await createSignedInOperator(testApp, "support");
    const made = await makeTopUpLink();
    const response = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/customers/${made.user.id}`,
      headers: support.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const link = await readLink(made.link.id);
    expect(response.json().data.payLinks).toEqual([
      {
        id: link.id,
        kind: "top_up",
        status: "waiting",
        amountDzdMinor: link.totalDzdMinor + link.customerFeeDzdMinor,
        createdAt: link.createdAt.toISOString(),
        expiresAt: link.expiresAt.toISOString(),
        paidAt: null,
        revokedAt: null,
      },
    ]);
  });

  it("says the traveller paid a checkout of their own", async () => {
    const support = await createSignedInOperator(testApp, "support");
    const bought = await buyEsim(testApp, plan.id);
    const response = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/orders/${bought.number}`,
      headers: support.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = consoleOrderDetailSchema.parse(response.json().data);
    expect(detail.paidBy).toEqual({ kind: "customer", payerEmail: null, creditDzdMinor: 0, linkCreatedAt: null });
  });
});

describe("paying a link", () => {
  it("places the traveller's order at the fixed price, even after the plan's price changed", async () => {
    const made = await makeTopUpLink();
    await db.update(packages).set({ retailDzdMinor: 1_500_00 }).where(eq(packages.id, topUp.id));
    try {
      const paid = await payLink(made.path, { method: "cib" });
      expect(paid.statusCode).toBe(303);
      const link = await readLink(made.link.id);
      const order = await readOrder(testApp, link.orderId!);
      expect(order).toMatchObject({ userId: made.user.id, kind: "top_up", targetEsimId: made.esim.id });
      expect(order.chargeDzdMinor).toBe(990_00);
      const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment).toMatchObject({ amountMinor: 990_00, method: "cib", status: "pending" });
      expect(paid.headers.location).toBe(payment!.checkoutUrl);
    } finally {
      await db.update(packages).set({ retailDzdMinor: 990_00 }).where(eq(packages.id, topUp.id));
    }
  });

  it("gives a double click the same checkout and one order", async () => {
    const made = await makeTopUpLink();
    const [first, second] = await Promise.all([payLink(made.path), payLink(made.path)]);
    const third = await payLink(made.path);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([303, 303, 303]);
    expect(new Set([first.headers.location, second.headers.location, third.headers.location]).size).toBe(1);
    const traveller = await db.select().from(orders).where(eq(orders.userId, made.user.id));
    expect(traveller.filter((order) => order.kind === "top_up")).toHaveLength(1);
  });

  it("delivers the top-up on the traveller's eSIM once paid, tells the traveller by push and email, and the payer by receipt", async () => {
    const made = await makeTopUpLink();
    await createDevice(testApp, made.user);
    const before = await readEsim(testApp, made.esim.id);
    const paying = await payLink(made.path, { email: "papa@example.dz" });
    await pressButton(testApp, paying.headers.location as string, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);

    const link = await readLink(made.link.id);
    expect(link.status).toBe("paid");
    expect((await readOrder(testApp, link.orderId!)).status).toBe("delivered");
    const after = await readEsim(testApp, made.esim.id);
    expect(after.dataTotalBytes).toBe(before.dataTotalBytes! + topUp.dataMb! * 1024 * 1024);
    const pushes = (await testApp.pushes()).filter((push) => push.data.type === "pay_link_paid");
    expect(pushes.filter((push) => push.data.esimId === made.esim.id)).toHaveLength(1);
    const travellerMail = await outboxEmail(testApp, `pay-link-paid:${link.id}`);
    expect(travellerMail).toMatchObject({ to: made.user.email });
    expect(await outboxEmail(testApp, `pay-link-receipt:${link.id}`)).toMatchObject({ to: "papa@example.dz" });
    const receipt = testApp.sentMails.find((mail) => mail.to === "papa@example.dz")!;
    expect(receipt.text).toContain("Amina");
    for (const secret of [made.user.email!, after.iccid!, "Benali"]) {
      expect(receipt.html).not.toContain(secret);
      expect(receipt.text).not.toContain(secret);
    }
    // The plan is named our way in every message, never by the upstream's English package name.
    for (const message of [
      receipt,
      travellerMail!,
      ...pushes.map((push) => ({ subject: push.title, text: push.body })),
    ]) {
      expect(`${message.subject}\n${message.text}`).not.toContain(topUp.name);
    }

    const page = await openPage(`${made.path}?status=success`);
    expect(page.body).toContain("Payé, merci ! Nous avons prévenu Amina.");
    // Paid: the amount is what was paid, no longer something to pay.
    expect(page.body).not.toContain("À payer");
    expect(page.body).toContain("Montant payé");
    expect(page.body).not.toContain('method="post"');
    const again = await payLink(made.path);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(made.path);
    expect(await db.select().from(orders).where(eq(orders.userId, made.user.id))).toHaveLength(2);
  });

  it("back from the gateway before its word, offers no second payment and reloads itself until the word comes", async () => {
    const made = await makeTopUpLink();
    const paying = await payLink(made.path);
    expect(paying.statusCode).toBe(303);

    const confirming = await openPage(`${made.path}?status=success`);
    expect(confirming.body).toContain("Nous confirmons votre paiement");
    expect(confirming.body).not.toContain('method="post"');
    expect(confirming.headers.refresh).toBe("3");

    await pressButton(testApp, paying.headers.location as string, "pay");
    await runDueJobs(testApp.deps);
    const paid = await openPage(`${made.path}?status=success`);
    expect(paid.body).toContain("Payé, merci");
    expect(paid.headers.refresh).toBeUndefined();
  });

  it("back from the gateway after a refusal, says it was not paid and offers the form again, without reloading", async () => {
    const made = await makeTopUpLink();
    const paying = await payLink(made.path);
    await pressButton(testApp, paying.headers.location as string, "fail");
    await runDueJobs(testApp.deps);

    const page = await openPage(`${made.path}?status=success`);
    expect(page.body).toContain('method="post"');
    expect(page.body).toContain('role="alert"');
    expect(page.headers.refresh).toBeUndefined();
  });

  it("pays a link for a new eSIM: the eSIM lands in the traveller's account, not the payer's", async () => {
    const traveller = await createSignedInUser(testApp, { name: "Yacine Amrani", phone: "+213661234567" });
    const made = await postLink(traveller.headers, { packageId: plan.id });
    const { link, url } = createPayLink.response.parse(made.json()).data;
    expect(link).toMatchObject({ kind: "new", esimId: null, amountDzdMinor: 1490_00 });
    const page = await openPage(new URL(url).pathname);
    expect(page.body).toContain("Yacine");
    expect(page.body).not.toContain("Amrani");
    const paying = await payLink(new URL(url).pathname);
    await pressButton(testApp, paying.headers.location as string, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);
    const paid = await readLink(link.id);
    expect(paid.status).toBe("paid");
    const order = await readOrder(testApp, paid.orderId!);
    expect(order).toMatchObject({ userId: traveller.user.id, kind: "new", status: "delivered" });
    const [esim] = await db.select().from(esims).where(eq(esims.orderId, order.id));
    expect(esim?.userId).toBe(traveller.user.id);
  });

  it("refuses politely a link past its end and a revoked one, in the page's language, and charges nothing", async () => {
    const expired = await makeTopUpLink();
    const revoked = await makeTopUpLink();
    await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/pay-links/${revoked.link.id}/revoke`,
      headers: revoked.headers,
    });
    clock.advance(72 * 60 * 60 * 1000 + 1000);
    try {
      const late = await payLink(expired.path);
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain("Ce lien de paiement a expiré");
      expect((await readLink(expired.link.id)).orderId).toBeNull();
      const arabic = await payLink(revoked.path.replace("/fr/", "/ar/"));
      expect(arabic.statusCode).toBe(410);
      expect(arabic.body).toContain("ألغى المسافر رابط الدفع هذا");
      expect((await readLink(revoked.link.id)).orderId).toBeNull();
      const listed = await app.inject({ method: "GET", url: `${API_BASE_PATH}/pay-links`, headers: expired.headers });
      expect(listPayLinks.response.parse(listed.json()).data[0]!.status).toBe("expired");
    } finally {
      clock.advance(-(72 * 60 * 60 * 1000 + 1000));
    }
  });

  it("stops paying attempts on one link beyond 10 an hour", async () => {
    const made = await makeTopUpLink();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++)
      statuses.push((await payLink(made.path, { method: "bitcoin" })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("a link's money promises", () => {
  it("keeps one live order and checkout per link: another method ends the earlier checkout first; one delivery", async () => {
    const made = await makeTopUpLink();
    const before = await readEsim(testApp, made.esim.id);
    const locations: string[] = [];
    for (const method of ["cib", "edahabia", "cib"]) {
      const posted = await payLink(made.path, { method });
      expect(posted.statusCode).toBe(303);
      locations.push(posted.headers.location as string);
    }
    expect(new Set(locations).size).toBe(3);
    const linkOrders = await db.select().from(orders).where(eq(orders.payLinkId, made.link.id));
    expect(linkOrders).toHaveLength(3);
    const awaiting = linkOrders.filter((order) => order.status === "not_paid" || order.status === "pending");
    expect(awaiting).toHaveLength(1);
    // The payer tries every checkout they were given: only the last one can still take money.
    for (const location of locations) await pressButton(testApp, location, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);
    const link = await readLink(made.link.id);
    expect(link.status).toBe("paid");
    const paid = await db.select().from(payments).where(eq(payments.status, "successful"));
    expect(paid.filter((payment) => linkOrders.some((order) => order.id === payment.orderId))).toHaveLength(1);
    const after = await readEsim(testApp, made.esim.id);
    expect(after.dataTotalBytes).toBe(before.dataTotalBytes! + topUp.dataMb! * 1024 * 1024);
  });

  it("refunds automatically a second payment that still arrives for a paid link, and never delivers it twice", async () => {
    const made = await makeTopUpLink({ language: "ar" });
    const before = await readEsim(testApp, made.esim.id);
    await payLink(made.path, { method: "cib" });
    const first = (await readLink(made.link.id)).orderId!;
    const paying = await payLink(made.path, { method: "edahabia" });
    await pressButton(testApp, paying.headers.location as string, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);
    expect((await readLink(made.link.id)).status).toBe("paid");
    // The gateway still reports the earlier checkout paid (taken before it ended).
    const [earlier] = await db.select().from(payments).where(eq(payments.orderId, first));
    const late = await postPaymentWebhook(testApp, await signedCheckoutWebhook(testApp, { paymentId: earlier!.id }));
    expect(late.statusCode).toBe(200);
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);

    const after = await readEsim(testApp, made.esim.id);
    expect(after.dataTotalBytes).toBe(before.dataTotalBytes! + topUp.dataMb! * 1024 * 1024);
    const second = await readOrder(testApp, first);
    expect(second.status).toBe("refund_due");
    const movements = await db.select().from(ledgerMovements).where(eq(ledgerMovements.orderId, first));
    expect(movements.map((movement) => movement.kind)).toContain("refund_owed");
    expect((await getOrderMoney(db, first)).owedDzdMinor).toBe(earlier!.amountMinor);
    const emails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, first));
    const told = emails.filter((mail) => mail.key === `automatic-refund:pay_link_second_payment:${first}`);
    expect(told.map((mail) => mail.to)).toEqual([made.user.email]);
    // Sent already (its content dropped): the subject shows its language.
    expect(told[0]!.subject).toContain("سيتم استرداد مبلغ طلبك");
    // Refunded without anyone: no "refund approved" and no alert for the operator, who reads it in the history.
    expect(emails.map((mail) => mail.key)).not.toContainEqual(
      expect.stringMatching(/^(refund-decision|operator-alert):/),
    );
    const history = await db.execute<{ cause: string }>(
      sql`select cause from order_events where order_id = ${first} order by seq`,
    );
    expect(history.rows.map((row) => row.cause).join("\n")).toContain("second_pay_link_payment");
  });

  it("owes the money back at once, in the traveller's words, when the link's eSIM ended between its page and its payment", async () => {
    const made = await makeTopUpLink({ language: "fr" });
    const paying = await payLink(made.path);
    // Cancelled upstream after the page checked it, before the payment landed.
    await testApp.simulator.cancel(made.esim.upstreamReference);
    await pressButton(testApp, paying.headers.location as string, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);

    const orderId = (await readLink(made.link.id)).orderId!;
    expect(await readOrder(testApp, orderId)).toMatchObject({ status: "refund_due", attentionKind: null });
    expect((await getOrderMoney(db, orderId)).owedDzdMinor).toBeGreaterThan(0);
    const emails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    const told = emails.filter((mail) => mail.key === `automatic-refund:pay_link_undeliverable:${orderId}`);
    expect(told.map((mail) => [mail.to, mail.subject])).toEqual([
      [made.user.email, expect.stringContaining("sera remboursée")],
    ]);
    expect(emails.map((mail) => mail.key)).not.toContainEqual(
      expect.stringMatching(/^(refund-decision|operator-alert):/),
    );
  });

  it("bills the link's order to the traveller as they gave their billing, never a made-up country or phone", async () => {
    const made = await makeTopUpLink();
    await payLink(made.path);
    const link = await readLink(made.link.id);
    const order = await readOrder(testApp, link.orderId!);
    const first = await readOrder(testApp, made.orderId);
    expect(order.payLinkId).toBe(made.link.id);
    expect(order.billing).toEqual(first.billing);
    expect(order.billing.phone).not.toBe("");
  });

  it("refuses a link whose eSIM has ended, in the page's language, and takes no money", async () => {
    const ended = await makeTopUpLink();
    const cancelled = await makeTopUpLink();
    await db
      .update(esims)
      .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(esims.id, ended.esim.id));
    await db.update(esims).set({ status: "Canceled" }).where(eq(esims.id, cancelled.esim.id));
    const french = await payLink(ended.path);
    expect(french.statusCode).toBe(410);
    expect(french.body).toContain("Ce lien ne peut plus être payé");
    const arabic = await payLink(cancelled.path.replace("/fr/", "/ar/"));
    expect(arabic.statusCode).toBe(410);
    expect(arabic.body).toContain("لم يعد بالإمكان دفع هذا الرابط");
    for (const made of [ended, cancelled]) {
      expect((await readLink(made.link.id)).orderId).toBeNull();
      expect(await db.select().from(orders).where(eq(orders.targetEsimId, made.esim.id))).toHaveLength(0);
    }
  });

  it("refuses a link from a traveller whose billing is unknown (no checkout, a profile without a phone)", async () => {
    const traveller = await createSignedInUser(testApp, { name: "Yacine Amrani" });
    const made = await postLink(traveller.headers, { packageId: plan.id });
    expect(made.json().error.code).toBe("BILLING_PROFILE_INCOMPLETE");
    expect(await db.select().from(payLinks).where(eq(payLinks.userId, traveller.user.id))).toHaveLength(0);
  });

  it("never counts a link's orders against the traveller's own unpaid-order cap", async () => {
    const made = await makeTopUpLink();
    for (const method of ["cib", "edahabia", "cib"])
      expect((await payLink(made.path, { method })).statusCode).toBe(303);
    for (let index = 0; index < 3; index++) {
      const own = await postOrder(testApp, made.headers, orderBody(made.user, plan.id));
      expect(own.statusCode).toBe(200);
    }
    const fourth = await postOrder(testApp, made.headers, orderBody(made.user, plan.id));
    expect(fourth.json().error.code).toBe("UNPAID_ORDERS_LIMIT_REACHED");
  });
});

describe("a link's lifecycle", () => {
  it("applies each event only from the states its table allows, and refuses every other transition", async () => {
    const made = await makeTopUpLink();
    for (const event of Object.keys(PAY_LINK_LIFECYCLE) as PayLinkEvent[]) {
      for (const status of PAY_LINK_STATUSES) {
        await db.update(payLinks).set({ status }).where(eq(payLinks.id, made.link.id));
        const applied = await applyPayLinkEvent(db, { linkId: made.link.id, event, now: clock.now() });
        const expected = nextPayLinkStatus(status, event);
        expect(applied?.status ?? null, `${event} from ${status}`).toBe(expected);
        expect((await readLink(made.link.id)).status).toBe(expected ?? status);
      }
    }
    expect(nextPayLinkStatus("paid", "revoked")).toBeNull();
    expect(nextPayLinkStatus("expired", "paid")).toBe("paid");
  });
});
