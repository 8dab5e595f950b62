import { whatsappHref } from "../../../lib/share.ts";

/** Order numbers as the shop writes them ("ES26-000123"): anything else from an address is not put in a message. */
const ORDER_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,30}$/i;

export function isOrderNumber(text: string | null | undefined): text is string {
  return typeof text === "string" && ORDER_NUMBER.test(text);
}

/** The wa.me address that opens a chat with `number` (E.164) with `text` already typed in. */
export function whatsappChatUrl(number: string, text: string): string {
  return whatsappHref(text, number);
}
