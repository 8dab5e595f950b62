/** Where choosing a top-up goes: the usual cart, for this eSIM (the offers, and the fallback of a top-up from credit). */
export function topUpCartHref(options: { planId: string; destinationCode: string; esimId: string }): string {
  return `/cart?${new URLSearchParams({
    plan: options.planId,
    destination: options.destinationCode,
    topUpOf: options.esimId,
  })}`;
}
