/**
 * The one list of error codes the API answers with. The envelope is
 * `{ error: { code, message, fields? } }`; the web shows a translated text
 * for each code (locales `error.<CODE>`), never the server's `message`.
 * Each code says when it happens and what the client should do.
 */
export const ERROR_HTTP_STATUS = {
  /** A field failed its contract; `fields` maps each field to a FieldErrorCode. Fix the form. */
  VALIDATION_FAILED: 400,
  /** The body is not valid JSON. A client bug: do not retry as is. */
  BODY_INVALID_JSON: 400,
  /** The body is over the 64 KB limit. Send less. */
  BODY_TOO_LARGE: 413,
  /** The body is not `application/json`. A client bug. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request address is malformed (a broken percent-encoding). A client bug: do not retry as is. */
  URL_INVALID: 400,
  /**
   * The order's status does not take this operator action now (e.g. retrying the provisioning of an order already
   * delivered, recording a refund nobody owes). Reload the order: someone may have acted first.
   */
  ORDER_ACTION_NOT_ALLOWED: 409,
  /** The refund recorded is more than is still owed on the order (or than it charged). Check the amount (DZD). */
  REFUND_AMOUNT_TOO_HIGH: 400,
  /** No valid session token. The client clears its token and shows AuthPage. */
  UNAUTHENTICATED: 401,
  /**
   * Signed in, but not allowed here: a customer's token on the operator's console, or an operator whose role lacks
   * the right. Do not retry; sign in with another account.
   */
  FORBIDDEN: 403,
  /** The resource does not exist or belongs to someone else. */
  NOT_FOUND: 404,
  /** No such endpoint or method. */
  ROUTE_NOT_FOUND: 404,
  /** Too many requests from this address or for this email; wait `Retry-After` seconds. */
  RATE_LIMITED: 429,
  /** A code was asked for less than 60 s after the previous one for this email from this address; wait `Retry-After` seconds. */
  CODE_RESEND_TOO_SOON: 429,
  /** The sign-in code is wrong; the user may try again (5 wrong tries from where it was asked burn it). */
  CODE_INVALID: 400,
  /** The sign-in code is older than 10 minutes, or none was sent; ask for a new one. */
  CODE_EXPIRED: 400,
  /** Five wrong tries burnt the code; ask for a new one. */
  CODE_BURNT: 400,
  /** The authenticator (TOTP) code is wrong or already used; type the next one (5 wrong tries end the sign-in). */
  TOTP_INVALID: 400,
  /** The step between the emailed code and the authenticator code expired or was burnt; start the sign-in again. */
  SIGN_IN_CHALLENGE_EXPIRED: 400,
  /** Account deletion was not confirmed by typing DELETE. */
  DELETE_CONFIRMATION_REQUIRED: 400,
  /** No such destination (country, region) in the catalog. */
  DESTINATION_NOT_FOUND: 404,
  /** The plan does not exist or is no longer on sale ("package not found"). */
  PACKAGE_NOT_FOUND: 404,
  /** No coupon has this code ("invalid promo code"). */
  COUPON_INVALID: 400,
  /** The operator blocked this coupon ("blocked promo code"). */
  COUPON_BLOCKED: 400,
  /** Every use of the coupon is taken ("promo usage limit reached"). */
  COUPON_USAGE_LIMIT_REACHED: 400,
  /** The coupon's start date is still to come ("promo not yet active"). */
  COUPON_NOT_YET_ACTIVE: 400,
  /** The coupon's end date has passed ("promo expired"). */
  COUPON_EXPIRED: 400,
  /** This user already used the coupon as often as allowed ("user has already used this promo code"). */
  COUPON_ALREADY_USED: 400,
  /**
   * This customer's use of the coupon is held by one of their own orders still awaiting payment (not used yet): the
   * error's `details` carry that order's `orderId` and `orderNumber`. Pay that order, or cancel it to free the code.
   */
  COUPON_HELD_BY_UNPAID_ORDER: 409,
  /** The order is below the coupon's minimum ("minimum order value not met"). */
  COUPON_MIN_ORDER_NOT_MET: 400,
  /** The coupon's percentage is outside 1–100 (a coupon set up wrong: "invalid discount percentage"). */
  COUPON_INVALID_PERCENTAGE: 400,
  /** The coupon is limited to other plans. */
  COUPON_NOT_APPLICABLE: 400,
  /** Console: another coupon already has this code (or the same creation was sent twice); pick another code. */
  COUPON_CODE_TAKEN: 409,
  /** Console: the new total limit is below the uses already taken; raise it, or block the coupon instead. */
  COUPON_MAX_USES_BELOW_USES: 400,
  /**
   * With this coupon the amount to pay would be above 0 but under the gateway's smallest charge (the quote's
   * minimumChargeDzdMinor): the coupon cannot be used on this cart. Remove it or add to the cart.
   */
  COUPON_TOTAL_BELOW_MINIMUM: 400,
  /**
   * The amount to pay is above 0 but under the gateway's smallest charge (the quote's minimumChargeDzdMinor); no
   * order was made. Add to the cart.
   */
  PAYMENT_AMOUNT_TOO_LOW: 400,
  /** The configured gateway does not offer this payment method; pick another. */
  PAYMENT_METHOD_UNAVAILABLE: 400,
  /** The payment gateway did not answer; nothing was charged. Try again later ("operation failed"). */
  PAYMENT_GATEWAY_UNAVAILABLE: 503,
  /**
   * The order was paid (the gateway may have taken the money just before the cancel reached it): it can no longer be
   * cancelled as unpaid. Reload the order: its status page shows it paid; an eSIM is cancelled by its own rules.
   */
  ORDER_ALREADY_PAID: 409,
  /**
   * The order no longer awaits payment (cancelled, or its checkout expired unpaid): nothing can be paid on it. Buy the
   * plan again from a new cart.
   */
  ORDER_NOT_AWAITING_PAYMENT: 409,
  /**
   * The gateway is processing a payment for this order (money may be on its way): it cannot be cancelled now. Wait a
   * minute; the order's status page follows the payment's result.
   */
  PAYMENT_IN_PROGRESS: 409,
  /** A webhook whose signature does not match; nothing changed. */
  WEBHOOK_SIGNATURE_INVALID: 401,
  /** The same clientReference was sent with a different cart: start a new checkout. */
  IDEMPOTENCY_CONFLICT: 409,
  /** Wrong PIN; GET /profile/pin tells the attempts left ("{n} tentatives restantes"). */
  PIN_INVALID: 400,
  /** Four wrong PINs: blocked until reset by email or by support ("PIN bloqué. Veuillez contacter le support."). */
  PIN_BLOCKED: 423,
  /** No PIN yet: set one first (entered twice). */
  PIN_NOT_SET: 409,
  /** A PIN exists; change it through the emailed reset. */
  PIN_ALREADY_SET: 409,
  /** The order is not paid yet, so it has no invoice; download it once the payment is confirmed. */
  INVOICE_NOT_AVAILABLE: 409,
  /** This eSIM cannot be topped up (expired, or its plan does not allow it). */
  TOP_UP_NOT_ALLOWED: 400,
  /**
   * Which top-ups fit this eSIM cannot be known right now (the upstream's lists failed); none is offered or sold on a
   * guess (decision 085). Try again in a few minutes.
   */
  TOP_UP_LIST_UNAVAILABLE: 503,
  /** The store credit does not cover this top-up (decision 078): load credit or ask someone to pay by link. */
  STORE_CREDIT_SHORT: 409,
  /**
   * The profile lacks what the invoice needs (name, billing country, a phone valid for it) for a one-tap top-up from
   * credit, or for a pay-for-me link's order (billed to the traveller): go through the checkout, which asks for them.
   */
  BILLING_PROFILE_INCOMPLETE: 409,
  /**
   * This eSIM cannot be cancelled by request (installed, past 24 hours since payment, topped up, or already
   * cancelled); GET /esims/{id} says which in `cancellation.unavailableReason`.
   */
  CANCELLATION_NOT_ALLOWED: 409,
  /**
   * The operator's decision on a cancellation request or a refund that was already decided the other way (approved
   * vs refused), or an order no longer waiting for that decision. Reload the queue: it shows the current state.
   */
  ALREADY_DECIDED: 409,
  /** The eSIM already has an open claim (received or answered): write in that claim's thread instead. */
  CLAIM_ALREADY_OPEN: 409,
  /** The claim is settled (refunded or refused), or the move is not one its lifecycle allows now. Reload the claim. */
  CLAIM_NOT_OPEN: 409,
  /**
   * The claim was filed after the 7-day refund window (decision 080): it can be answered or refused, not refunded.
   */
  CLAIM_NOT_REFUNDABLE: 409,
  /** The eSIM upstream did not cancel the profile (unreachable, or it refuses for a reason it does not say). Nothing changed; retry or refuse. */
  UPSTREAM_CANCEL_FAILED: 502,
  /**
   * Approving a cancellation whose eSIM the traveller installed since asking: the upstream cancels only a profile
   * never installed. Nothing changed; refuse the request (the eSIM stays the traveller's).
   */
  ESIM_INSTALLED_MEANWHILE: 409,
  /**
   * `/.well-known/assetlinks.json` or `apple-app-site-association` asked for while the Android signing certificate
   * fingerprints or the Apple team id are not configured: the apps' https links open in the browser instead.
   */
  NATIVE_LINKS_NOT_CONFIGURED: 404,
  /**
   * An admin tried to change their own operator account in the console (role, disabled, authenticator): another admin
   * must, so no one locks themselves out or raises themselves.
   */
  OPERATOR_SELF_CHANGE: 409,
  /**
   * The shop's budget of code emails (sign-in, PIN reset, console sign-in) for this minute, shared by every instance,
   * is spent: someone is making it mail many addresses. Wait `Retry-After` seconds and ask again.
   */
  CODE_MAIL_BUDGET_EXCEEDED: 429,
  /**
   * The account already has the most orders awaiting payment it may have at once (3, decision 057): no order was made
   * and no checkout opened. Pay or cancel one of them from My orders, then order again.
   */
  UNPAID_ORDERS_LIMIT_REACHED: 409,
  /**
   * "Pay now" on an unpaid order whose promo code hold ended with its checkout, and whose code has no use left for it now
   * (taken by someone else meanwhile, or blocked): nothing was opened. Cancel the order and order again.
   */
  COUPON_HOLD_LAPSED: 409,
  /**
   * A store credit load outside the amounts the shop takes (whole dinars from 500 to 20 000 DA, decision 068): nothing
   * was written or charged. Choose an amount in the range.
   */
  CREDIT_LOAD_AMOUNT_OUT_OF_RANGE: 400,
  /**
   * The account already has the most store credit loads awaiting payment it may have at once (3, decision 068): no
   * load was made and no checkout opened. Pay one, or wait for its checkout to lapse (30 minutes), then load again.
   */
  CREDIT_LOADS_PENDING_LIMIT_REACHED: 409,
  /**
   * A traveller already has the most pay-for-me links waiting at once (5), or made the most today (10) (decision 077):
   * no link was made. Revoke one, or wait for one to be paid or to expire.
   */
  PAY_LINKS_LIMIT_REACHED: 409,
  /** Revoking a pay-for-me link that is no longer waiting (paid, expired or revoked already): nothing changed. Reload. */
  PAY_LINK_NOT_WAITING: 409,
  /** Paying a pay-for-me link past its end (72 h by default): nothing was charged. Ask the traveller for a new link. */
  PAY_LINK_EXPIRED: 410,
  /** Paying a pay-for-me link its traveller revoked: nothing was charged. Ask the traveller for a new link. */
  PAY_LINK_REVOKED: 410,
  /** Paying a pay-for-me link that is paid already (single use): nothing was charged again. */
  PAY_LINK_PAID: 409,
  /**
   * Paying a pay-for-me link whose plan can no longer be delivered: the eSIM it tops up has ended (expired, cancelled,
   * revoked) or no longer takes this top-up, or the plan is no longer sold. Nothing was charged. Ask the traveller for a
   * new link.
   */
  PAY_LINK_UNAVAILABLE: 410,
  /**
   * The customer's choice of refund (store credit or a transfer) is not open on this order: nothing is owed, the
   * choice is made already, or the refund is not theirs to choose (a held payment goes back the way it came). Reload
   * the order.
   */
  REFUND_CHOICE_NOT_OPEN: 409,
  /** The database or another dependency is down; retry later. */
  SERVICE_UNAVAILABLE: 503,
  /** Anything unexpected; details are only in the server log (with the request id). Retry later. */
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_HTTP_STATUS, value);
}

/**
 * Per-field validation codes, carried in `error.fields`. The contracts use them
 * as zod messages, so the same text ids serve the server's answer and the
 * web's own form checks.
 */
export const FIELD_ERROR_CODES = [
  "EMAIL_REQUIRED",
  "EMAIL_INVALID",
  "NAME_REQUIRED",
  "NAME_TOO_SHORT",
  "NAME_TOO_LONG",
  "COUNTRY_REQUIRED",
  "COUNTRY_INVALID",
  "PHONE_REQUIRED",
  "PHONE_INVALID",
  "PHONE_COUNTRY_REQUIRED",
  "PHONE_COUNTRY_MISMATCH",
  "CODE_FORMAT",
  "LANGUAGE_INVALID",
  "CURRENCY_INVALID",
  "CONFIRMATION_INVALID",
  "QUANTITY_INVALID",
  "PACKAGE_INVALID",
  "COUPON_CODE_INVALID",
  "DAYS_INVALID",
  "PAYMENT_METHOD_INVALID",
  "BILLING_EMAIL_MISMATCH",
  /** The terms of sale and privacy policy were not accepted: a sale needs the buyer's express acceptance (law 18-05). */
  "TERMS_NOT_ACCEPTED",
  "PIN_FORMAT",
  "UNKNOWN_FIELD",
  "CANCELLATION_REASON_TOO_LONG",
  "DECISION_REASON_REQUIRED",
  /** A claim needs the traveller's words (or the operator's answer): what happens, where. */
  "CLAIM_MESSAGE_REQUIRED",
  /** A claim's message is over 2000 characters. */
  "CLAIM_MESSAGE_TOO_LONG",
  /** A claim needs one of the reasons offered. */
  "CLAIM_REASON_REQUIRED",
  "EID_REQUIRED",
  "EID_DIGITS_ONLY",
  "EID_LENGTH",
  "EID_CHECKSUM",
  "INVALID",
  /**
   * The text holds a line break, a tab, a bidi control or a zero-width character (display-text.ts): retype it rather
   * than paste it.
   */
  "TEXT_INVISIBLE_CHARACTERS",
  /** A refund's transfer account is not the 20 digits of an Algerian RIB (bank) or RIP (CCP): retype it. */
  "PAYOUT_ACCOUNT_INVALID",
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === "string" && (FIELD_ERROR_CODES as readonly string[]).includes(value);
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, FieldErrorCode>;
  };
}
