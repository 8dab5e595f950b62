import * as z from "zod/mini";
import { nameSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { REFUND_METHODS } from "../ledger/vocabulary.ts";

// An order's refund as its customer sees it (decision 062): what we owe, what was sent (partial refunds
// allowed), and, where the refund is theirs to choose, store credit at once or a transfer to their own account.

/** The digits of an Algerian RIB (bank) or RIP (CCP): bank 3, agency 5, account 10, key 2. */
export const PAYOUT_ACCOUNT_DIGITS = 20;

/** A transfer's account as typed: 20 digits, spaces allowed between them (they are dropped). */
export const payoutAccountSchema = z.string({ error: "PAYOUT_ACCOUNT_INVALID" }).check(
  z.overwrite((value) => value.replace(/[\s-]/g, "")),
  z.regex(new RegExp(`^\\d{${PAYOUT_ACCOUNT_DIGITS}}$`), "PAYOUT_ACCOUNT_INVALID"),
);

/** The account's last digits, all the customer and the list pages see of it once given. */
export function maskPayoutAccount(account: string): string {
  return `•••• ${account.slice(-4)}`;
}

/**
 * Why a refund was owed without an operator (decision 083): each cause has its own words in the traveller's email and
 * on the credit note. upstream_price_loss: the upstream's new price would sell at a loss; package_withdrawn: the
 * upstream no longer sells the package; esim_ended_before_top_up: the eSIM ended before its top-up was applied;
 * pay_link_second_payment: a pay-for-me link paid a second time; pay_link_undeliverable: a link's money arrived for an
 * eSIM that can no longer take it.
 */
export const AUTOMATIC_REFUND_REASONS = [
  "upstream_price_loss",
  "package_withdrawn",
  "esim_ended_before_top_up",
  "pay_link_second_payment",
  "pay_link_undeliverable",
] as const;
export type AutomaticRefundReason = (typeof AUTOMATIC_REFUND_REASONS)[number];

export const REFUND_CHOICES = ["store_credit", "transfer"] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

const minor = z.number().check(z.int());

export const orderRefundSchema = z.object({
  /** Every refund owed on the order so far (each eSIM cancelled, a failed delivery…). */
  totalOwedDzdMinor: minor,
  /** What is still to be sent; "refund owed" is shown while it is above 0. */
  owedDzdMinor: minor,
  /** Each refund sent, oldest first. */
  sent: z.array(
    z.object({
      amountDzdMinor: minor,
      method: z.enum(REFUND_METHODS),
      /** The transfer's reference, as the operator recorded it. */
      reference: z.nullable(z.string()),
      at: z.string(),
    }),
  ),
  /** What the customer chose for what is owed; null while nothing was chosen. */
  choice: z.nullable(
    z.object({
      kind: z.enum(REFUND_CHOICES),
      /** For a transfer: the account's last digits only. */
      accountMasked: z.nullable(z.string()),
      chosenAt: z.string(),
    }),
  ),
  /** The choice form is shown: something is owed, nothing chosen, and the refund is the customer's to choose. */
  canChoose: z.boolean(),
});
export type OrderRefund = z.output<typeof orderRefundSchema>;

const orderIdParams = z.object({ id: z.string().check(z.uuid("INVALID")) });

/** One of the caller's orders' refund (nothing owed and nothing sent: zeros); someone else's NOT_FOUND. */
export const getOrderRefund = defineEndpoint({
  method: "GET",
  path: "/orders/:id/refund",
  auth: true,
  params: orderIdParams,
  body: undefined,
  response: z.object({ data: orderRefundSchema }),
});

export const refundChoiceBodySchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("store_credit") }),
  z.strictObject({ kind: z.literal("transfer"), account: payoutAccountSchema, holderName: nameSchema }),
]);
export type RefundChoiceBody = z.output<typeof refundChoiceBodySchema>;

/**
 * The customer chooses how what is owed comes back, once: store credit (sent at once, the whole amount; spendable on
 * the next order) or a transfer to their CCP or bank account (20-digit RIP or RIB and the holder's name, kept only
 * until the refund is sent). REFUND_CHOICE_NOT_OPEN when nothing is owed, the choice was made, or the refund is not
 * theirs to choose (a held payment). Choosing the same again answers the refund as it is.
 */
export const chooseOrderRefund = defineEndpoint({
  method: "POST",
  path: "/orders/:id/refund/choice",
  auth: true,
  params: orderIdParams,
  body: refundChoiceBodySchema,
  response: z.object({ data: orderRefundSchema }),
});
