import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error.ts";
import { readSellerIdentity } from "../../modules/invoices/index.ts";
import { sellerIdentities } from "../../modules/invoices/invoices.schema.ts";
import { createTestApp } from "../../test/test-app.ts";
import { CliError } from "../console-command.ts";
import { run } from "./seller-set.ts";

const testApp = await createTestApp({ config: { SELLER_NAME: "Config SARL", SELLER_TAX_ID: "" } });
const { db, deps } = testApp;

async function runCommand(args: string[]) {
  const lines: string[] = [];
  await run({ deps, args, print: (line) => lines.push(line) });
  return lines;
}

const COMPLETE = [
  "--name",
  "eSIM Store SARL",
  "--address",
  "12 rue Didouche Mourad, 16000 Alger",
  "--nif",
  "000 116 012 345 678",
  "--nis",
  "000116290012345",
  "--rc",
  "16/00-1234567 B 18",
  "--article",
  "16012345678",
  "--tva",
  "19",
];

describe("seller:set", () => {
  it("reads the configuration while nothing is stored", async () => {
    const identity = await readSellerIdentity(db, deps.config);
    expect(identity).toMatchObject({ name: "Config SARL", nif: "", tvaRateBps: 1900, tvaExemption: null });
  });

  it.each([
    [[], CliError],
    [["--bogus", "x"], CliError],
    [[...COMPLETE, "--exempt", "Exonéré en vertu de l'article 9"], CliError],
    [[...COMPLETE.slice(0, -1), "19 %"], CliError],
  ])("refuses %j with a usage message and stores nothing", async (args, kind) => {
    await expect(runCommand(args)).rejects.toThrow(kind);
    expect(await db.select().from(sellerIdentities)).toEqual([]);
  });

  it.each([
    ["--nif", "12345", /NIF "12345" must be 15 or 20 digits/],
    ["--nif", "0001160123456789", /NIF .* must be 15 or 20 digits/],
    ["--nis", "00011629001234X", /NIS .* must be 15 digits/],
    ["--rc", "??", /RC "\?\?" does not read like/],
    ["--article", "12-34", /article d'imposition "12-34" must be 8 to 14 digits/],
    ["--tva", "0", /TVA rate must be above 0/],
    ["--name", "eSIM\u202EStore SARL", /name holds invisible or control characters/],
    ["--address", "12 rue Didouche\nMourad, Alger", /address holds invisible or control characters/],
  ])("refuses %s %s with VALIDATION_FAILED naming the field", async (option, value, message) => {
    const args = [...COMPLETE];
    args[args.indexOf(option) + 1] = value;
    const failure = runCommand(args);
    await expect(failure).rejects.toThrow(AppError);
    await expect(failure).rejects.toThrow(message);
    expect(await db.select().from(sellerIdentities)).toEqual([]);
  });

  it("stores the identity cleaned, prints it, and keeps the history when only the address changes", async () => {
    const lines = await runCommand(COMPLETE);
    expect(lines).toContain("  NIF:      000116012345678");
    expect(lines).toContain("  TVA:      19 %");
    await runCommand(["--address", "5 boulevard Mohamed V, 31000 Oran"]);
    const rows = await db.select().from(sellerIdentities);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.createdBy === "operator:cli")).toBe(true);
    const current = await readSellerIdentity(db, deps.config);
    expect(current).toEqual({
      name: "eSIM Store SARL",
      address: "5 boulevard Mohamed V, 31000 Oran",
      nif: "000116012345678",
      nis: "000116290012345",
      rc: "16/00-1234567 B 18",
      article: "16012345678",
      tvaRateBps: 1900,
      tvaExemption: null,
    });
  });

  it("takes a 20-digit NIF, as some newer certificates print", async () => {
    testApp.clock.advance(1000);
    await runCommand(["--nif", "0001 1601 2345 6780 0012"]);
    expect((await readSellerIdentity(db, deps.config)).nif).toBe("00011601234567800012");
    await runCommand(["--nif", "000116012345678"]);
  });

  it("switches to an exemption with its legal mention, and back to a rate", async () => {
    testApp.clock.advance(1000);
    const mention = "Exonéré de TVA en vertu de l'article 9 du Code des taxes sur le chiffre d'affaires";
    const lines = await runCommand(["--exempt", mention]);
    expect(lines).toContain(`  TVA:      exempt: ${mention}`);
    expect(await readSellerIdentity(db, deps.config)).toMatchObject({ tvaRateBps: 0, tvaExemption: mention });
    testApp.clock.advance(1000);
    await runCommand(["--tva", "9,5"]);
    expect(await readSellerIdentity(db, deps.config)).toMatchObject({ tvaRateBps: 950, tvaExemption: null });
  });
});
