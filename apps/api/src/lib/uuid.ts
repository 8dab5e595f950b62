const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value read from outside is a UUID (an id column), not an order number, an ICCID or a stray string. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
