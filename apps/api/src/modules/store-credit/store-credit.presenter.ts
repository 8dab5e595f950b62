import type { StoreCredit } from "@esim/shared/store-credit/contracts";
import type { getCustomerStoreCredit } from "./store-credit.service.ts";

/** The answer of GET /account/store-credit and of the console's customer store credit. */
export function presentStoreCredit(credit: Awaited<ReturnType<typeof getCustomerStoreCredit>>): StoreCredit {
  return {
    balanceDzdMinor: credit.balanceDzdMinor,
    entries: credit.entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amountDzdMinor: entry.amountDzdMinor,
      createdAt: entry.createdAt.toISOString(),
      orderNumber: entry.orderNumber,
      reason: entry.grant?.reason ?? null,
      expiresAt: entry.grant?.expiresAt?.toISOString() ?? null,
    })),
  };
}
