/** Order numbers as the shop writes them ("ES26-000123"): anything else from an address is not put in a message. */
const ORDER_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,30}$/i;

export function isOrderNumber(text: string | null | undefined): text is string {
  return typeof text === "string" && ORDER_NUMBER.test(text);
}
