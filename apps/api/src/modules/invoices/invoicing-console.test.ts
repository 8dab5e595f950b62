import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPackage } from "../../test/factories.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, createPaidOrder } from "../orders/buying.test-kit.ts";
import { SELLER_IDENTITY } from "./invoice-pdf.test-kit.ts";
import { invoices } from "./invoices.schema.ts";

// The console's invoicing page: an admin sets the seller's identity that invoices print from then on (audited, every
// wrong field named), and downloads the accountant's CSV of a date range.

const testApp = await createBuyingApp({ config: { SELLER_NAME: "Configured Seller SARL" } });
const { app, db } = testApp;
const admin = await createSignedInOperator(testApp, "admin");
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });

const identity = SELLER_IDENTITY;

function call(method: "GET" | "PUT", path: string, payload?: object) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers: admin.headers,
    remoteAddress: "192.0.2.9",
    ...(payload ? { payload } : {}),
  });
}

describe("the seller's identity in the console", () => {
  it("shows the configuration's identity until one is saved, then the saved one, audited", async () => {
    const first = await call("GET", "/seller");
    expect(first.json()).toMatchObject({ isFromConfiguration: true, data: { name: "Configured Seller SARL" } });

    const saved = await call("PUT", "/seller", { ...identity, nif: "0001 1601 2345 678" });
    expect(saved.statusCode).toBe(200);
    // Spaces typed as on the certificate are taken out.
    expect(saved.json()).toEqual({ isFromConfiguration: false, data: identity });
    expect((await call("GET", "/seller")).json()).toEqual({ isFromConfiguration: false, data: identity });

    const [entry] = await db.select().from(operatorAuditLog).orderBy(desc(operatorAuditLog.seq)).limit(1);
    expect(entry).toMatchObject({
      action: "seller_identity.set",
      operatorId: admin.operator.id,
      ip: "192.0.2.9",
      before: null,
      after: identity,
    });

    // The next invoice carries it.
    const paid = await createPaidOrder(testApp, plan.id);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    expect(invoice?.seller).toEqual(identity);
  });

  it("names every wrong field and saves nothing", async () => {
    const before = await call("GET", "/seller");
    const refused = await call("PUT", "/seller", { ...identity, nif: "1234", nis: "12", tvaRateBps: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { nif: "INVALID", nis: "INVALID", tvaRateBps: "INVALID" },
    });
    expect((await call("GET", "/seller")).json()).toEqual(before.json());
  });

  it("takes an exemption with its legal mention instead of a rate", async () => {
    const mention = "Exonéré de TVA en vertu de l'article 9 du Code des taxes sur le chiffre d'affaires";
    const saved = await call("PUT", "/seller", { ...identity, tvaRateBps: 0, tvaExemption: mention });
    expect(saved.json().data).toMatchObject({ tvaRateBps: 0, tvaExemption: mention });
  });
});

describe("the accountant's CSV in the console", () => {
  it("downloads the invoices of a range of days, with the byte-order mark Excel needs", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, paid.orderId));
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(testApp.clock.now());
    const response = await call("GET", `/invoices/export.csv?from=${day}&to=${day}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="factures-${day}-${day}.csv"`);
    expect(response.body.startsWith("\uFEFFType,Numéro,Date")).toBe(true);
    expect(response.body).toContain(invoice!.number);
  });

  it("refuses a range that ends before it starts, or a day that is not one", async () => {
    const backwards = await call("GET", "/invoices/export.csv?from=2026-11-20&to=2026-11-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({ from: "INVALID" });
    const notADay = await call("GET", "/invoices/export.csv?from=2026-02-30&to=2026-03-01");
    expect(notADay.statusCode).toBe(400);
  });
});
