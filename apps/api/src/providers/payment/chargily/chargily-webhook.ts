import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod/mini";
import { type CheckoutStatus, PaymentGatewayError, type PaymentWebhookEvent } from "../payment-port.ts";

/** The header Chargily puts the signature in (Node lower-cases header names). */
export const SIGNATURE_HEADER = "signature";

/**
 * Chargily's webhook signature: hex HMAC-SHA256 of the raw body keyed with the secret key. The sandbox signs with
 * this same function, so the code that checks the sandbox's webhooks is the code that checks Chargily's.
 */
export function signWebhookBody(rawBody: Buffer | string, secretKey: string): string {
  return createHmac("sha256", secretKey).update(rawBody).digest("hex");
}

/**
 * True when `signature` is the hex HMAC-SHA256 of the raw bytes. Compared in constant time on the raw body, never on a
 * re-serialised object (key order or spacing would change the bytes). A missing, repeated or non-hex header is false.
 */
export function verifyWebhookSignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secretKey: string,
): boolean {
  const signature = headers[SIGNATURE_HEADER];
  if (typeof signature !== "string" || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secretKey), "hex");
  const given = Buffer.from(signature, "hex");
  // Both are 32 bytes here (the regex fixed the length), which timingSafeEqual requires.
  return timingSafeEqual(expected, given);
}

/** Chargily's checkout statuses, plus "expired" which `POST /checkouts/{id}/expire` may leave behind. */
const KNOWN_STATUSES: Record<string, CheckoutStatus> = {
  pending: "pending",
  processing: "processing",
  paid: "paid",
  failed: "failed",
  canceled: "canceled",
  expired: "canceled",
};

/**
 * A status we do not know reads as "processing": not final, so nothing is paid or rejected on its account and the
 * caller asks again (retrieveCheckout) later.
 */
export function toCheckoutStatus(status: string): CheckoutStatus {
  return KNOWN_STATUSES[status] ?? "processing";
}

/** Whole dinars; tolerant of a numeric string, which PHP back ends sometimes send. */
export const dinarAmountSchema = z.pipe(
  z.union([z.number().check(z.int()), z.string().check(z.regex(/^\d+$/))]),
  z.transform((value) => Number(value)),
);

/** An echoed `metadata`: an object, or null or `[]` (how PHP serialises an empty array) read as empty. */
export const metadataSchema = z.pipe(
  z.union([z.record(z.string(), z.unknown()), z.null(), z.array(z.unknown()), z.undefined()]),
  z.transform((value): Record<string, unknown> => (value && !Array.isArray(value) ? value : {})),
);

/**
 * The fee fields of Chargily's checkout object: `fees` ("The total fees of the checkout"), `fees_on_customer` ("The
 * fees of the checkout that will be paid by the customer") and `chargily_pay_fees_allocation`. The documented webhook
 * example carries `fees` and the allocation but no `fees_on_customer`.
 */
export const feeFieldsSchema = {
  fees: z.optional(z.nullable(dinarAmountSchema)),
  fees_on_customer: z.optional(z.nullable(dinarAmountSchema)),
  chargily_pay_fees_allocation: z.optional(z.nullable(z.string())),
};

/**
 * What the payer paid of the fee, whole dinars: `fees_on_customer` when given, else all of `fees` when the allocation is
 * "customer", none when it is "merchant"; null when the answer does not say (then only the amount is compared).
 */
export function readCustomerFeeDzd(fields: {
  fees?: number | null | undefined;
  fees_on_customer?: number | null | undefined;
  chargily_pay_fees_allocation?: string | null | undefined;
}): number | null {
  if (fields.fees_on_customer !== undefined && fields.fees_on_customer !== null) return fields.fees_on_customer;
  if (fields.chargily_pay_fees_allocation === "merchant") return 0;
  if (fields.chargily_pay_fees_allocation === "customer" && fields.fees !== undefined && fields.fees !== null) {
    return fields.fees;
  }
  return null;
}

const webhookEventSchema = z.object({
  id: z.string().check(z.minLength(1)),
  entity: z.literal("event"),
  type: z.string().check(z.minLength(1)),
  data: z.object({
    id: z.string().check(z.minLength(1)),
    amount: dinarAmountSchema,
    status: z.string(),
    currency: z.optional(z.string()),
    metadata: metadataSchema,
    ...feeFieldsSchema,
  }),
});

/** Reads a verified Chargily-shaped webhook body into our event; throws a non-retryable PaymentGatewayError if it is not one. */
export function parseWebhookBody(rawBody: Buffer): PaymentWebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch (error) {
    throw new PaymentGatewayError("The webhook body is not JSON.", { isRetryable: false, cause: error });
  }
  const result = webhookEventSchema.safeParse(json);
  if (!result.success) {
    throw new PaymentGatewayError(`The webhook body is not a checkout event: ${z.prettifyError(result.error)}`, {
      isRetryable: false,
    });
  }
  const event = result.data;
  return {
    eventId: event.id,
    type: event.type,
    reference: event.data.id,
    status: toCheckoutStatus(event.data.status),
    amountDzd: event.data.amount,
    currency: event.data.currency ?? null,
    customerFeeDzd: readCustomerFeeDzd(event.data),
    metadata: event.data.metadata,
  };
}
