/**
 * The history state of a summary whose cart was placed: the order made and the attempt's clientReference. Written on
 * the summary's own history entry just before it leaves for the payment, so browser Back to it finds the order (and
 * shows it paid rather than a live Pay button), and an identical retry reuses the reference, which the server answers
 * with the same order.
 */
export interface PlacedCart {
  orderId: string;
  /** The attempt: the order request's key (its JSON) and the clientReference sent with it. */
  attempt: { key: string; reference: string };
}

interface PlacedCartState {
  placedCart: PlacedCart;
}

export function placedCartState(placedCart: PlacedCart): PlacedCartState {
  return { placedCart };
}

/** The placed cart kept in a history entry's state, or null. */
export function readPlacedCart(state: unknown): PlacedCart | null {
  if (typeof state !== "object" || state === null) return null;
  const placed = (state as Partial<PlacedCartState>).placedCart;
  return placed && typeof placed.orderId === "string" && typeof placed.attempt?.reference === "string" ? placed : null;
}
