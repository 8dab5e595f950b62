import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Every door places its order through the one place-order flow (decision 082): outside the modules that own them
// (orders, payments), only flows/place-order.ts may create an order, its payment or a checkout for it.

const SOURCE_ROOT = join(import.meta.dirname, "..");
const THE_FLOW = "flows/place-order.ts";
const OWNERS = ["modules/orders/", "modules/payments/"];
const GUARDED = {
  "modules/orders/index.ts": ["createOrder"],
  "modules/payments/index.ts": ["createPayment", "openCheckout"],
};

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      const isSource = entry.name.endsWith(".ts") && !/\.test\.ts$|\.test-kit\.ts$|\.d\.ts$/.test(entry.name);
      return Promise.resolve(isSource ? [path] : []);
    }),
  );
  return nested.flat();
}

/** The names `source` imports from the module front door `frontDoor` (e.g. "modules/orders/index.ts"). */
export function namesImportedFrom(source: string, fromFile: string, frontDoor: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    const target = join(fromFile, "..", match[2]!);
    if (relative(SOURCE_ROOT, target).replaceAll("\\", "/") !== frontDoor) continue;
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]!;
      if (name) names.push(name);
    }
  }
  return names;
}

/** Where `source` buys at the upstream: calls or takes its port's `orderProfiles` or `topUp` (not a string's words). */
export function upstreamPurchasesIn(source: string): string[] {
  const calls = [...source.matchAll(/[\w)\]]\s*\.\s*(orderProfiles|topUp)\b(?!["'`])/g)].map((match) => match[1]!);
  const taken = [...source.matchAll(/\{[^}]*\b(orderProfiles|topUp)\b[^}]*\}\s*=\s*[\w.]*esim\b/g)].map(
    (match) => match[1]!,
  );
  return [...calls, ...taken];
}

/**
 * The steps that span modules when a payment is settled, an eSIM cancelled and refunded or a claim refunded (decision
 * 091): only flows/ sequence them; orders owns them. The old entry points (recordPaymentOutcome, approveCancellation)
 * are named so that they never come back inside a module.
 */
const FLOW_STEPS = {
  "modules/orders/index.ts": [
    "applyOrderEvent",
    "queueProvisioning",
    "oweRefund",
    "sendRefund",
    "settleOrderRefund",
    "countUncancelledEsims",
    "lockPayLinkOrdersAndFindPaid",
    "recordPaymentOutcome",
    "approveCancellation",
  ],
};

async function importersOutsideFlows(guardedNames: Record<string, string[]>, owners: string[]): Promise<string[]> {
  const offenders: string[] = [];
  for (const file of await sourceFiles(SOURCE_ROOT)) {
    const path = relative(SOURCE_ROOT, file).replaceAll("\\", "/");
    if (path.startsWith("flows/") || owners.some((owner) => path.startsWith(owner))) continue;
    const source = await readFile(file, "utf8");
    for (const [frontDoor, guarded] of Object.entries(guardedNames)) {
      for (const name of namesImportedFrom(source, file, frontDoor)) {
        if (guarded.includes(name)) offenders.push(`${path} imports ${name}`);
      }
    }
  }
  return offenders;
}

describe("one way in for every order", () => {
  it("lets only the place-order flow create an order, its payment or its checkout", async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SOURCE_ROOT)) {
      const path = relative(SOURCE_ROOT, file).replaceAll("\\", "/");
      if (path === THE_FLOW || OWNERS.some((owner) => path.startsWith(owner))) continue;
      const source = await readFile(file, "utf8");
      for (const [frontDoor, guarded] of Object.entries(GUARDED)) {
        for (const name of namesImportedFrom(source, file, frontDoor)) {
          if (guarded.includes(name)) offenders.push(`${path} imports ${name}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("lets only flows settle a payment, cancel and refund an eSIM or refund a claim", async () => {
    expect(await importersOutsideFlows(FLOW_STEPS, ["modules/orders/"])).toEqual([]);
  });

  it("reads a file that does import them as an offender", () => {
    const file = join(SOURCE_ROOT, "modules/pay-links/pay-links.service.ts");
    const source = `import { createOrder, findPlacedOrder } from "../orders/index.ts";\nimport {\n  createPayment as pay,\n  openCheckout,\n} from "../payments/index.ts";`;
    expect(namesImportedFrom(source, file, "modules/orders/index.ts")).toEqual(["createOrder", "findPlacedOrder"]);
    expect(namesImportedFrom(source, file, "modules/payments/index.ts")).toEqual(["createPayment", "openCheckout"]);
  });
});

// Buying at the upstream (a new eSIM, a top-up) is a step of the provision-order flow (decision 090), never done beside
// it: outside flows/, only the providers that implement the port name its buying methods.
describe("one way to buy at the upstream", () => {
  it("lets only flows/ call the upstream's orderProfiles or topUp", async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SOURCE_ROOT)) {
      const path = relative(SOURCE_ROOT, file).replaceAll("\\", "/");
      if (path.startsWith("flows/") || path.startsWith("providers/")) continue;
      for (const method of upstreamPurchasesIn(await readFile(file, "utf8"))) offenders.push(`${path} calls ${method}`);
    }
    expect(offenders).toEqual([]);
  });

  it("reads a call or a taken method as a purchase, and a message key as none", () => {
    expect(upstreamPurchasesIn("await deps.esim.orderProfiles({ count: 1 });")).toEqual(["orderProfiles"]);
    expect(upstreamPurchasesIn("await deps.esim\n  .topUp(input);")).toEqual(["topUp"]);
    expect(upstreamPurchasesIn("const { topUp } = deps.esim;")).toEqual(["topUp"]);
    expect(upstreamPurchasesIn('t(isTopUp ? "invoice.topUp" : "plan")')).toEqual([]);
  });
});
