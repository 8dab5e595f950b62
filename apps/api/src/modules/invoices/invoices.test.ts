import { API_BASE_PATH } from "@esim/shared/http";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { priceSettings } from "../catalog/catalog.schema.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { costDzdMinorOf } from "../margins/index.ts";
import { COMMAND_LINE_ACTOR } from "../operators/index.ts";
import { createBuyingApp, createPaidOrder, orderBody, placeTestOrder, pressButton } from "../orders/buying.test-kit.ts";
import { orders } from "../orders/orders.schema.ts";
import { SELLER_IDENTITY } from "./invoice-pdf.test-kit.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { invoiceCounters, invoices } from "./invoices.schema.ts";
import { issueMissingInvoices } from "./invoices.service.ts";
import { setSellerIdentity } from "./seller-identity.ts";

// The drawn text is glyphs of embedded fonts: what the invoice says is read from the renderer's input.
vi.mock("./invoice-pdf.ts", async (original) => {
  const actual = await original<typeof import("./invoice-pdf.ts")>();
  return { ...actual, renderInvoicePdf: vi.fn(actual.renderInvoicePdf) };
});

const testApp = await createBuyingApp({ config: { SELLER_NAME: "Test Seller SARL" } });
const { db } = testApp;
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });

function getInvoice(orderId: string, headers: Record<string, string>, query = "") {
  return testApp.app.inject({ method: "GET", url: `${API_BASE_PATH}/orders/${orderId}/invoice${query}`, headers });
}

/** Shapes invoices as an older version left them: issued invoices are protected, so only with the trigger off. */
function asBeforeIssue(change: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<unknown>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`alter table invoices disable trigger invoices_immutable`);
    await change(tx);
    await tx.execute(sql`alter table invoices enable trigger invoices_immutable`);
  });
}

async function readInvoices() {
  return db.select().from(invoices);
}

/** Every year's invoices are numbered 1, 2, 3… without a gap or a duplicate. */
async function expectGapFreeNumbering() {
  const byYear = new Map<number, number[]>();
  for (const invoice of await readInvoices()) {
    byYear.set(invoice.year, [...(byYear.get(invoice.year) ?? []), invoice.sequence]);
    expect(invoice.number).toBe(`F${invoice.year}-${String(invoice.sequence).padStart(6, "0")}`);
  }
  for (const sequences of byYear.values()) {
    expect(sequences.sort((a, b) => a - b)).toEqual(sequences.map((_, index) => index + 1));
  }
}

describe("GET /orders/{id}/invoice", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const response = await getInvoice(paid.orderId, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("answers NOT_FOUND for another user's order, by id and by number", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const stranger = await createSignedInUser(testApp);
    for (const id of [paid.orderId, paid.number]) {
      const response = await getInvoice(id, stranger.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
      expect(response.headers["content-type"]).not.toContain("pdf");
    }
  });

  it("issues the invoice when the payment lands, before any download, in the order of payment", async () => {
    const before = (await readInvoices()).length;
    const first = await createPaidOrder(testApp, plan.id);
    const second = await createPaidOrder(testApp, plan.id);
    const issued = await readInvoices();
    expect(issued).toHaveLength(before + 2);
    const sequenceOf = (orderId: string) => issued.find((invoice) => invoice.orderId === orderId)!.sequence;
    expect(sequenceOf(second.orderId)).toBe(sequenceOf(first.orderId) + 1);
  });

  it("answers INVOICE_NOT_AVAILABLE (409) while the order is not paid", async () => {
    const buyer = await createSignedInUser(testApp);
    const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
    const response = await getInvoice(placed.orderId, buyer.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("INVOICE_NOT_AVAILABLE");
  });

  it("answers the PDF as an attachment named by its number, the same invoice on every download", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const first = await getInvoice(paid.orderId, paid.headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    expect(invoice!.number).toMatch(/^F\d{4}-\d{6}$/);
    expect(invoice!.language).toBe("fr");
    expect(first.headers["content-disposition"]).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(first.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The number and the order number are in the document's metadata (the page text is drawn with embedded fonts).
    expect(first.rawPayload.toString("latin1")).toContain(`(${invoice!.number})`);
    expect(first.rawPayload.toString("latin1")).toContain(`(${paid.number})`);

    const again = await getInvoice(paid.number, paid.headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers["content-disposition"]).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, paid.orderId))).toHaveLength(1);
  });

  it("names the plan our way in the invoice's language, never by the upstream's English name", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { language: "ar" });
    const lineOfLastInvoice = () => vi.mocked(renderInvoicePdf).mock.calls.at(-1)?.[0].line.description;
    expect((await getInvoice(paid.orderId, paid.headers)).statusCode).toBe(200);
    expect(lineOfLastInvoice()).toBe("تركيا · 500 ميغابايت · يوم واحد");
    expect((await getInvoice(paid.orderId, paid.headers, "?lang=fr")).statusCode).toBe(200);
    expect(lineOfLastInvoice()).toBe("Turquie · 500 Mo · 1 jour");
    expect(lineOfLastInvoice()).not.toContain(plan.name);
  });

  it("renders in the user's language, or ?lang=, with the Arabic font for Arabic", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { language: "ar" });
    const arabic = await getInvoice(paid.orderId, paid.headers);
    expect(arabic.statusCode).toBe(200);
    expect(arabic.rawPayload.toString("latin1")).toContain("NotoNaskhArabic");
    const french = await getInvoice(paid.orderId, paid.headers, "?lang=fr");
    expect(french.statusCode).toBe(200);
    expect(french.rawPayload.toString("latin1")).not.toContain("NotoNaskhArabic");
    expect(french.headers["content-disposition"]).toBe(arabic.headers["content-disposition"]);
  });

  it("numbers 20 concurrent payments without gaps or duplicates", async () => {
    const placed = [];
    for (let index = 0; index < 20; index++) {
      const buyer = await createSignedInUser(testApp);
      placed.push({ ...buyer, ...(await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id))) });
    }
    await Promise.all(placed.map((order) => pressButton(testApp, order.checkoutUrl, "pay")));
    const responses = await Promise.all(placed.map((order) => getInvoice(order.orderId, order.headers)));
    expect(responses.map((response) => response.statusCode)).toEqual(placed.map(() => 200));
    const names = new Set(responses.map((response) => response.headers["content-disposition"]));
    expect(names.size).toBe(20);
    await expectGapFreeNumbering();
  });

  it("numbers by the year of payment in Algiers time, starting again at 1 each year", async () => {
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Algiers (UTC+1).
    testApp.clock.set(new Date("2030-12-31T22:30:00Z"));
    const lastOf2030 = await createPaidOrder(testApp, plan.id);
    testApp.clock.set(new Date("2030-12-31T23:30:00Z"));
    const firstOf2031 = await createPaidOrder(testApp, plan.id);
    const late = await getInvoice(lastOf2030.orderId, lastOf2030.headers);
    const early = await getInvoice(firstOf2031.orderId, firstOf2031.headers);
    expect(late.headers["content-disposition"]).toBe('attachment; filename="F2030-000001.pdf"');
    expect(early.headers["content-disposition"]).toBe('attachment; filename="F2031-000001.pdf"');
    await expectGapFreeNumbering();
  });
});

describe("issueMissingInvoices (console-cli invoices:issue)", () => {
  it("issues the invoice of every paid order that has none, and of no unpaid order", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    // A database from before invoices were issued at payment: paid orders without one (its owner lifts the
    // protection of issued invoices for the time of this setup; decision 095).
    await asBeforeIssue(async (tx) => {
      await tx.delete(invoices);
      await tx.delete(invoiceCounters);
    });
    const buyer = await createSignedInUser(testApp);
    const unpaid = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
    const issued = await issueMissingInvoices(testApp.deps);
    expect(issued.map((invoice) => invoice.orderId)).toContain(paid.orderId);
    expect(issued.map((invoice) => invoice.orderId)).not.toContain(unpaid.orderId);
    expect(await issueMissingInvoices(testApp.deps)).toEqual([]);
    const paidOrders = await db.select({ id: orders.id, confirmedAt: orders.confirmedAt }).from(orders);
    const invoiced = new Set((await readInvoices()).map((invoice) => invoice.orderId));
    for (const order of paidOrders) expect(invoiced.has(order.id)).toBe(order.confirmedAt !== null);
    await expectGapFreeNumbering();
  });
});

describe("the seller's identity and TVA on invoices", () => {
  const lastRendered = () => vi.mocked(renderInvoicePdf).mock.calls.at(-1)![0];
  const identity = SELLER_IDENTITY;

  it("prints the configuration's seller until one is stored, with TVA at its rate on the DZD charged", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    expect((await getInvoice(paid.orderId, paid.headers)).statusCode).toBe(200);
    const rendered = lastRendered();
    expect(rendered.seller).toMatchObject({ name: "Test Seller SARL", tvaRateBps: 1900, tvaExemption: null });
    // 1,490 DA TTC at 19 %: 1,252.10 HT + 237.90 TVA.
    expect(rendered.tva).toEqual({ htDzdMinor: 1252_10, tvaDzdMinor: 237_90, ttcDzdMinor: 1490_00 });
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    expect(row).toMatchObject({ amountHtDzdMinor: 1252_10, tvaDzdMinor: 237_90, amountTtcDzdMinor: 1490_00 });
  });

  it("keeps on an issued invoice the seller and TVA it was issued with, whatever changes later", async () => {
    await setSellerIdentity(testApp.deps, { identity, actor: COMMAND_LINE_ACTOR });
    const before = await createPaidOrder(testApp, plan.id);
    const mention = "Exonéré de TVA en vertu de l'article 9 du Code des taxes sur le chiffre d'affaires";
    await setSellerIdentity(testApp.deps, {
      identity: { ...identity, address: "5 boulevard Mohamed V, 31000 Oran", tvaRateBps: 0, tvaExemption: mention },
      actor: COMMAND_LINE_ACTOR,
    });
    const after = await createPaidOrder(testApp, plan.id);

    expect((await getInvoice(before.orderId, before.headers)).statusCode).toBe(200);
    expect(lastRendered().seller).toEqual(identity);
    expect(lastRendered().tva).toEqual({ htDzdMinor: 1252_10, tvaDzdMinor: 237_90, ttcDzdMinor: 1490_00 });
    expect((await getInvoice(after.orderId, after.headers)).statusCode).toBe(200);
    expect(lastRendered().seller).toMatchObject({
      address: "5 boulevard Mohamed V, 31000 Oran",
      tvaExemption: mention,
    });
    expect(lastRendered().tva).toEqual({ htDzdMinor: 1490_00, tvaDzdMinor: 0, ttcDzdMinor: 1490_00 });
  });

  it("prints an invoice issued before identities were recorded with the configuration's, not today's", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    await asBeforeIssue((tx) =>
      tx
        .update(invoices)
        .set({ seller: null, amountHtDzdMinor: null, tvaDzdMinor: null, amountTtcDzdMinor: null })
        .where(eq(invoices.orderId, paid.orderId)),
    );
    expect((await getInvoice(paid.orderId, paid.headers)).statusCode).toBe(200);
    expect(lastRendered().seller).toMatchObject({ name: "Test Seller SARL", tvaRateBps: 1900 });
    expect(lastRendered().tva).toEqual({ htDzdMinor: 1252_10, tvaDzdMinor: 237_90, ttcDzdMinor: 1490_00 });
  });

  it("refuses an identity with a malformed NIF with VALIDATION_FAILED", async () => {
    await expect(
      setSellerIdentity(testApp.deps, { identity: { ...identity, nif: "1234" }, actor: COMMAND_LINE_ACTOR }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});

describe("a discount capped at the upstream cost (decision 087)", () => {
  it("shows on the invoice and the order the discount actually given, the amount charged", async () => {
    const [settings] = await db.select().from(priceSettings);
    const dzdPerUsdE4 = Math.round(Number(settings!.dzdPerUsd) * 10_000);
    // A 220 DA plan that costs 174 DA upstream: half off would sell it at 110 DA.
    const costUsdE4 = Math.ceil((174_00 * 1_000_000) / dzdPerUsdE4);
    const thin = await createPackage(testApp, { simulatorIndex: 2, retailDzdMinor: 220_00, costUsdE4 });
    const costDzdMinor = costDzdMinorOf(costUsdE4, dzdPerUsdE4);
    for (const currency of ["DZD", "USD"] as const) {
      const code = `HALF${currency}${Date.now() % 100_000}`;
      await db.insert(coupons).values({ code, kind: "percent", percentOff: 50 });
      const buyer = await createSignedInUser(testApp);
      const placed = await placeTestOrder(
        testApp,
        buyer.headers,
        orderBody(buyer.user, thin.id, { couponCode: code, currency }),
      );
      await pressButton(testApp, placed.checkoutUrl!, "pay");
      const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
      expect(order!.chargeDzdMinor).toBeGreaterThanOrEqual(costDzdMinor);

      vi.mocked(renderInvoicePdf).mockClear();
      expect((await getInvoice(placed.orderId, buyer.headers)).statusCode).toBe(200);
      const shown = vi.mocked(renderInvoicePdf).mock.calls.at(-1)![0];
      // The lines add up to the total, and in dinars to what was charged: no uncapped 50 % anywhere.
      expect(shown.line.amountMinor - shown.discountMinor - shown.couponDiscountMinor + shown.serviceFeeMinor).toBe(
        shown.totalMinor,
      );
      if (currency === "DZD") expect(shown.totalMinor).toBe(shown.chargeDzdMinor);
      expect(shown.couponDiscountMinor).toBeLessThan(shown.line.amountMinor / 2);

      const summary = await testApp.app.inject({
        method: "GET",
        url: `${API_BASE_PATH}/orders/${placed.orderId}`,
        headers: buyer.headers,
      });
      const data = summary.json().data;
      expect(data.couponDiscountMinor).toBe(shown.couponDiscountMinor);
      expect(data.subtotalMinor - data.discountMinor - data.couponDiscountMinor + data.serviceFeeMinor).toBe(
        data.totalMinor,
      );
    }
  });
});
