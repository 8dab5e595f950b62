import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { postMovement } from "../ledger/index.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, createPaidOrder, readOrder } from "../orders/buying.test-kit.ts";
import { issueCreditNote } from "./index.ts";
import { renderCreditNotePdf } from "./invoice-pdf.ts";
import { exportInvoicesCsv } from "./invoices-export.ts";

// Credit notes (decision 063) as their readers get them: the customer downloads those of their own orders, the
// accountant finds each beside its invoice in the CSV with the period's net, the operator lists and downloads them.

// The drawn text is glyphs of embedded fonts: what the credit note says is read from the renderer's input.
vi.mock("./invoice-pdf.ts", async (original) => {
  const actual = await original<typeof import("./invoice-pdf.ts")>();
  return { ...actual, renderCreditNotePdf: vi.fn(actual.renderCreditNotePdf) };
});

const testApp = await createBuyingApp({ config: { SELLER_NAME: "Test Seller SARL" } });
const { app, db, clock, deps } = testApp;
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });

/** A refund owed and its credit note, in one transaction, as the refund flows post them. */
function refund(order: { id: string; userId: string | null }, amountDzdMinor: number, reason = "eSIM annulée") {
  return db.transaction(async (tx) => {
    const posted = await postMovement(tx, {
      kind: "refund_owed",
      key: `test:refund:${order.id}:${amountDzdMinor}`,
      amountDzdMinor,
      orderId: order.id,
      userId: order.userId,
      cause: reason,
      actor: "operator:cli",
      now: clock.now(),
    });
    const creditNote = await issueCreditNote(
      tx,
      {
        orderId: order.id,
        movementId: posted!.movement.id,
        amountTtcDzdMinor: amountDzdMinor,
        reason,
        now: clock.now(),
      },
      deps.config,
    );
    return creditNote!;
  });
}

async function refundedOrder(options: { language?: "fr" | "en" | "ar"; amountDzdMinor?: number } = {}) {
  const paid = await createPaidOrder(testApp, plan.id, { language: options.language ?? "fr" });
  const order = await readOrder(testApp, paid.orderId);
  const creditNote = await refund(order, options.amountDzdMinor ?? 1190_00);
  return { paid, order, creditNote };
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(clock.now());

/** The CSV's rows split on commas (these cells hold none). */
function csvRows(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .map((line) => line.split(","));
}

describe("a customer's credit notes", () => {
  it("lists an order's credit notes and answers each as a PDF in the customer's language", async () => {
    const { paid, creditNote } = await refundedOrder({ language: "ar" });
    vi.mocked(renderCreditNotePdf).mockClear();

    const list = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${paid.number}/credit-notes`,
      headers: paid.headers,
    });
    expect(list.json()).toEqual({
      data: [{ number: creditNote.number, issuedAt: creditNote.issuedAt.toISOString(), amountTtcDzdMinor: 1190_00 }],
    });

    const response = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${paid.orderId}/credit-notes/${creditNote.number}`,
      headers: paid.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${creditNote.number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const [document] = vi.mocked(renderCreditNotePdf).mock.calls.at(-1)!;
    expect(document).toMatchObject({
      language: "ar",
      number: creditNote.number,
      orderNumber: paid.number,
      invoice: { number: expect.stringMatching(/^F\d{4}-\d{6}$/) },
      seller: { name: "Test Seller SARL", tvaRateBps: 1900 },
      tva: { htDzdMinor: 1000_00, tvaDzdMinor: 190_00, ttcDzdMinor: 1190_00 },
      reason: "eSIM annulée",
    });

    await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${paid.orderId}/credit-notes/${creditNote.number}?lang=fr`,
      headers: paid.headers,
    });
    expect(vi.mocked(renderCreditNotePdf).mock.calls.at(-1)![0].language).toBe("fr");
  });

  it("answers NOT_FOUND for another customer's credit note, or one of another order, and 401 without a session", async () => {
    const { paid, creditNote } = await refundedOrder();
    const other = await createPaidOrder(testApp, plan.id);
    const stranger = await createSignedInUser(testApp);

    const attempts = [
      { orderId: paid.orderId, headers: stranger.headers },
      { orderId: paid.number, headers: stranger.headers },
      // The owner of another order, naming this credit note through their own order.
      { orderId: other.orderId, headers: other.headers },
    ];
    for (const { orderId, headers } of attempts) {
      const response = await app.inject({
        method: "GET",
        url: `${API_BASE_PATH}/orders/${orderId}/credit-notes/${creditNote.number}`,
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
    const list = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${paid.orderId}/credit-notes`,
      headers: stranger.headers,
    });
    expect(list.json()).toEqual({ data: [] });
    const anonymous = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${paid.orderId}/credit-notes/${creditNote.number}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the accountant's CSV", () => {
  it("writes a refunded order's invoice and its avoir, negative, and the net of the period", async () => {
    clock.set(new Date("2027-03-10T09:00:00Z"));
    const kept = await createPaidOrder(testApp, plan.id);
    const { paid, creditNote } = await refundedOrder({ amountDzdMinor: 595_00 });

    const { csv, count, creditNoteCount } = await exportInvoicesCsv(deps, { from: today(), to: today() });

    expect([count, creditNoteCount]).toEqual([2, 1]);
    const rows = csvRows(csv);
    const refundedRows = rows.filter((row) => row[4] === paid.number);
    const invoiceNumber = refundedRows[0]![1];
    expect(refundedRows.map((row) => [row[0], row[1], row[3], ...row.slice(8, 11), row[14]])).toEqual([
      ["facture", invoiceNumber, "", "1252.10", "237.90", "1490.00", ""],
      ["avoir", creditNote.number, invoiceNumber, "-500.00", "-95.00", "-595.00", "eSIM annulée"],
    ]);
    expect(rows.find((row) => row[4] === kept.number)?.[0]).toBe("facture");
    const totals = Object.fromEntries(rows.slice(-4, -1).map((row) => [row[0], row.slice(8, 11)]));
    expect(totals).toEqual({
      "Total factures": ["2504.20", "475.80", "2980.00"],
      "Total avoirs": ["-500.00", "-95.00", "-595.00"],
      "Net de la période": ["2004.20", "380.80", "2385.00"],
    });
  });
});

describe("the console's credit notes", () => {
  it("lists the credit notes of a period, a page at a time, for admins", async () => {
    clock.set(new Date("2027-04-20T09:00:00Z"));
    const admin = await createSignedInOperator(testApp, "admin");
    const support = await createSignedInOperator(testApp, "support");
    const { paid, creditNote } = await refundedOrder({ amountDzdMinor: 1490_00 });

    const response = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/credit-notes?from=${today()}&to=${today()}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          number: creditNote.number,
          issuedAt: creditNote.issuedAt.toISOString(),
          invoiceNumber: expect.stringMatching(/^F2027-\d{6}$/),
          orderNumber: paid.number,
          customerName: expect.any(String),
          customerEmail: paid.user.email,
          amountHtDzdMinor: 1252_10,
          tvaDzdMinor: 237_90,
          amountTtcDzdMinor: 1490_00,
          reason: "eSIM annulée",
        },
      ],
      page: 1,
      hasMore: false,
    });
    const otherDay = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/credit-notes?from=2027-04-21&to=2027-04-30`,
      headers: admin.headers,
    });
    expect(otherDay.json().data).toEqual([]);
    const bySupport = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/credit-notes?from=${today()}&to=${today()}`,
      headers: support.headers,
    });
    expect(bySupport.statusCode).toBe(403);
  });

  it("downloads any credit note as a PDF, NOT_FOUND for an unknown number", async () => {
    const admin = await createSignedInOperator(testApp, "admin");
    const { creditNote } = await refundedOrder({ language: "en" });
    vi.mocked(renderCreditNotePdf).mockClear();

    const response = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/credit-notes/${creditNote.number}/pdf`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(vi.mocked(renderCreditNotePdf).mock.calls.at(-1)![0]).toMatchObject({
      language: "en",
      number: creditNote.number,
    });
    const unknown = await app.inject({
      method: "GET",
      url: `${ADMIN_API_BASE_PATH}/credit-notes/A1999-000001/pdf`,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

/** The database's own refusal, under drizzle's "Failed query" wrapper; "accepted" when it went through. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return "accepted";
}

describe("invoices and credit notes are legal documents (decision 095)", () => {
  it("are never changed or removed once issued, whoever connects", async () => {
    const { paid, creditNote } = await refundedOrder();
    const invoice = sql`(select id from invoices where order_id = ${paid.orderId})`;

    expect(await refusal(db.execute(sql`update invoices set language = 'en' where id = ${invoice}`))).toMatch(
      /invoices cannot be changed once issued: UPDATE refused/,
    );
    expect(await refusal(db.execute(sql`delete from invoices where id = ${invoice}`))).toMatch(
      /invoices cannot be changed once issued: DELETE refused/,
    );
    expect(
      await refusal(db.execute(sql`update credit_notes set reason = 'changed' where id = ${creditNote.id}`)),
    ).toMatch(/credit_notes cannot be changed once issued: UPDATE refused/);
    expect(await refusal(db.execute(sql`delete from credit_notes where id = ${creditNote.id}`))).toMatch(
      /credit_notes cannot be changed once issued: DELETE refused/,
    );
    expect(await refusal(db.execute(sql`truncate credit_notes`))).toMatch(/TRUNCATE refused/);
    expect(await refusal(db.execute(sql`truncate invoices cascade`))).toMatch(/TRUNCATE refused/);
  });

  it("are written by a role that cannot switch the protection off", async () => {
    const [role] = (
      await db.execute<{ rolsuper: boolean }>(sql`select rolsuper from pg_roles where rolname = current_user`)
    ).rows;
    expect(role?.rolsuper).toBe(false);
  });
});
