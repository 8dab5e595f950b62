import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBuyingApp, orderBody, placeTestOrder, pressButton } from "../../modules/orders/buying.test-kit.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { CliError } from "../console-command.ts";
import { run } from "./invoices-export.ts";

const testApp = await createBuyingApp();
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });

async function runCommand(args: string[]) {
  const lines: string[] = [];
  await run({ deps: testApp.deps, args, print: (line) => lines.push(line) });
  return lines;
}

/** A paid order at that instant, billed to that name. */
async function payAt(instant: string, name: string) {
  testApp.clock.set(new Date(instant));
  const buyer = await createSignedInUser(testApp);
  const body = orderBody(buyer.user, plan.id);
  const placed = await placeTestOrder(testApp, buyer.headers, {
    ...body,
    billing: { ...(body.billing as object), name },
  });
  await pressButton(testApp, placed.checkoutUrl, "pay");
  return placed;
}

describe("invoices:export", () => {
  it.each([
    [[]],
    [["--from", "2026-11-01"]],
    [["--from", "2026-11-31", "--to", "2026-12-01"]],
    [["--from", "1/11/2026", "--to", "2026-11-30"]],
    [["--from", "2026-12-01", "--to", "2026-11-30"]],
    [["--from", "2026-11-01", "--to", "2026-11-30", "--bogus"]],
  ])("refuses %j with a usage message", async (args) => {
    await expect(runCommand(args)).rejects.toThrow(CliError);
  });

  it("writes one row per invoice of the Algiers days asked, quoted, in UTF-8 with a BOM", async () => {
    // 23:50 on 31 October in Algiers: the day before the range.
    await payAt("2026-10-31T22:50:00Z", "Avant Octobre");
    // 00:10 on 1 November in Algiers, though still 31 October in UTC.
    const first = await payAt("2026-10-31T23:10:00Z", 'أمينة "بن علي", الجزائر');
    const second = await payAt("2026-11-15T12:00:00Z", "Karim Haddad");
    // 00:30 on 1 December in Algiers: after the range.
    await payAt("2026-11-30T23:30:00Z", "Après Novembre");
    const out = path.join(tmpdir(), `invoices-${process.pid}.csv`);

    const lines = await runCommand(["--from", "2026-11-01", "--to", "2026-11-30", "--out", out]);

    expect(lines).toEqual([`2 invoices and 0 credit notes from 2026-11-01 to 2026-11-30 written to ${out}`]);
    const bytes = await readFile(out);
    await rm(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.toString("utf8").slice(1).split("\r\n");
    expect(rows[0]).toBe(
      "Type,Numéro,Date,Facture d'origine,Commande,Client,E-mail,Désignation,HT (DZD),TVA (DZD),TTC (DZD),Taux TVA,Moyen de paiement,Référence de paiement,Motif",
    );
    // Two invoices, an empty row, the totals of the period, the final line end.
    expect(rows).toHaveLength(8);
    expect(rows[3]).toBe("");
    expect(rows[6]).toBe("Net de la période,,,,,,,,2504.20,475.80,2980.00,,,,");
    expect(rows[7]).toBe("");
    const [firstRow, secondRow] = [rows[1]!, rows[2]!];
    expect(firstRow).toMatch(
      new RegExp(
        `^facture,F2026-\\d{6},2026-11-01,,${first.number},"أمينة ""بن علي"", الجزائر",[^,]+@[^,]+,Turquie · [^,]+,1252\\.10,237\\.90,1490\\.00,19 %,EDAHABIA,[^,]+,$`,
      ),
    );
    expect(secondRow).toMatch(new RegExp(`^facture,F2026-\\d{6},2026-11-15,,${second.number},Karim Haddad,`));
    const numberOf = (row: string) => Number(row.slice(14, 20));
    expect(numberOf(secondRow)).toBe(numberOf(firstRow) + 1);
  });

  it("prints the CSV itself without --out, the header and zero totals when nothing was issued", async () => {
    const lines = await runCommand(["--from", "2027-01-01", "--to", "2027-01-31"]);
    expect(lines).toEqual([
      [
        "\uFEFFType,Numéro,Date,Facture d'origine,Commande,Client,E-mail,Désignation,HT (DZD),TVA (DZD),TTC (DZD),Taux TVA,Moyen de paiement,Référence de paiement,Motif",
        "",
        "Total factures,,,,,,,,0.00,0.00,0.00,,,,",
        "Total avoirs,,,,,,,,0.00,0.00,0.00,,,,",
        "Net de la période,,,,,,,,0.00,0.00,0.00,,,,",
      ].join("\r\n"),
    ]);
  });
});
