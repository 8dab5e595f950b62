import { parseArgs } from "node:util";
import { readSellerIdentity, type SellerIdentity, setSellerIdentity } from "../../modules/invoices/index.ts";
import { COMMAND_LINE_ACTOR } from "../../modules/operators/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Set the seller's legal identity and TVA printed on invoices issued from now on";
export const usage =
  'seller:set [--name T] [--address T] [--nif N] [--nis N] [--rc T] [--article N] [--tva PERCENT | --exempt "mention"]';

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      name: { type: "string" },
      address: { type: "string" },
      nif: { type: "string" },
      nis: { type: "string" },
      rc: { type: "string" },
      article: { type: "string" },
      tva: { type: "string" },
      exempt: { type: "string" },
    },
  });
}

/** "19" or "9,5" (percent, at most 2 decimals) → basis points; null when it is not such a number. */
function parseRateBps(text: string): number | null {
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text.replace(",", ".")) * 100);
}

/** Prints an identity the way an accountant checks it. */
export function describeSellerIdentity(identity: SellerIdentity): string[] {
  const tva = identity.tvaExemption === null ? `${identity.tvaRateBps / 100} %` : `exempt: ${identity.tvaExemption}`;
  return [
    `Name:     ${identity.name}`,
    `Address:  ${identity.address}`,
    `NIF:      ${identity.nif}`,
    `NIS:      ${identity.nis}`,
    `RC:       ${identity.rc}`,
    `Article:  ${identity.article}`,
    `TVA:      ${tva}`,
  ];
}

// Options not given keep the current identity's values (the stored one, else the configuration's), so a move only
// needs --address.
export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    throw new CliError(`seller:set: ${(error as Error).message}\nUsage: ${usage}`);
  }
  const { values } = parsed;
  if (Object.keys(values).length === 0) throw new CliError(`Usage: ${usage}`);
  if (values.tva !== undefined && values.exempt !== undefined) {
    throw new CliError('seller:set: give either --tva PERCENT or --exempt "mention", not both');
  }
  const current = await readSellerIdentity(deps.db, deps.config);
  const next: SellerIdentity = {
    name: values.name ?? current.name,
    address: values.address ?? current.address,
    nif: values.nif ?? current.nif,
    nis: values.nis ?? current.nis,
    rc: values.rc ?? current.rc,
    article: values.article ?? current.article,
    tvaRateBps: current.tvaRateBps,
    tvaExemption: current.tvaExemption,
  };
  if (values.tva !== undefined) {
    const bps = parseRateBps(values.tva);
    if (bps === null) throw new CliError(`seller:set: --tva "${values.tva}" is not a percentage such as 19 or 9.5`);
    next.tvaRateBps = bps;
    next.tvaExemption = null;
  }
  if (values.exempt !== undefined) {
    next.tvaRateBps = 0;
    next.tvaExemption = values.exempt;
  }
  const saved = await setSellerIdentity(deps, { identity: next, actor: COMMAND_LINE_ACTOR });
  print("Seller identity set; invoices issued from now on carry it:");
  for (const line of describeSellerIdentity(saved)) print(`  ${line}`);
};
