import type { LedgerMovementKind } from "@esim/shared/ledger/vocabulary";

// Which part of a balance belongs to which credit (decision 064), for the expiry of an operator's grant: a pure replay
// of the customer's store_credit movements. Credit is spent soonest-expiring first (credit without an end last, then
// oldest first); an order that ends unpaid gives back what it took to the credits it took it from.

export interface CreditMovement {
  kind: LedgerMovementKind;
  key: string;
  orderId: string | null;
  /** The movement's change of the customer's balance: positive adds credit, negative takes it. */
  deltaDzdMinor: number;
}

export interface CreditLot {
  /** The grant's id for credit an operator gave; the movement's key otherwise. */
  id: string;
  expiresAt: Date | null;
  remainingDzdMinor: number;
  /** Taken by orders still awaiting payment: neither spent nor given back yet. */
  reservedDzdMinor: number;
}

const grantIdOfIssue = (key: string) => (key.startsWith("credit-issued:") ? key.slice("credit-issued:".length) : null);
const grantIdOfExpiry = (key: string) =>
  key.startsWith("credit-expired:") ? key.slice("credit-expired:".length) : null;

function bySoonestExpiry(left: CreditLot, right: CreditLot) {
  if (left.expiresAt === null || right.expiresAt === null) {
    return (left.expiresAt === null ? 1 : 0) - (right.expiresAt === null ? 1 : 0);
  }
  return left.expiresAt.getTime() - right.expiresAt.getTime();
}

/** The customer's credits as they stand after these movements (oldest first), given each grant's expiry. */
export function replayCreditLots(
  movements: readonly CreditMovement[],
  grantExpiries: ReadonlyMap<string, Date | null>,
): CreditLot[] {
  const lots: CreditLot[] = [];
  const byId = new Map<string, CreditLot>();
  // What each order awaiting payment took, from which credit.
  const reservations = new Map<string, { lot: CreditLot; amountDzdMinor: number }[]>();

  const addLot = (id: string, expiresAt: Date | null, amountDzdMinor: number) => {
    const lot = { id, expiresAt, remainingDzdMinor: amountDzdMinor, reservedDzdMinor: 0 };
    lots.push(lot);
    byId.set(id, lot);
  };
  const take = (amountDzdMinor: number, first?: CreditLot) => {
    const order = [...(first ? [first] : []), ...lots.filter((lot) => lot !== first).sort(bySoonestExpiry)];
    const taken: { lot: CreditLot; amountDzdMinor: number }[] = [];
    let left = amountDzdMinor;
    for (const lot of order) {
      if (left === 0) break;
      const part = Math.min(left, lot.remainingDzdMinor);
      if (part <= 0) continue;
      lot.remainingDzdMinor -= part;
      left -= part;
      taken.push({ lot, amountDzdMinor: part });
    }
    return taken;
  };

  for (const movement of movements) {
    const amount = Math.abs(movement.deltaDzdMinor);
    if (movement.kind === "credit_reserved" && movement.orderId) {
      const taken = take(amount);
      for (const part of taken) part.lot.reservedDzdMinor += part.amountDzdMinor;
      reservations.set(movement.orderId, taken);
    } else if ((movement.kind === "credit_spent" || movement.kind === "credit_released") && movement.orderId) {
      const taken = reservations.get(movement.orderId) ?? [];
      reservations.delete(movement.orderId);
      for (const part of taken) {
        part.lot.reservedDzdMinor -= part.amountDzdMinor;
        if (movement.kind === "credit_released") part.lot.remainingDzdMinor += part.amountDzdMinor;
      }
    } else if (movement.deltaDzdMinor > 0) {
      const grantId = grantIdOfIssue(movement.key);
      addLot(grantId ?? movement.key, grantId ? (grantExpiries.get(grantId) ?? null) : null, amount);
    } else if (movement.deltaDzdMinor < 0) {
      const grantId = grantIdOfExpiry(movement.key);
      take(amount, grantId ? byId.get(grantId) : undefined);
    }
  }
  return lots;
}
