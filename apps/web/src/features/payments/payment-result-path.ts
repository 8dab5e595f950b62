import type { PaymentStatus } from "@esim/shared/statuses";

/** The screen that shows a payment in this state: the result pages, or the callback page that follows a pending one. */
export const RESULT_PATH_OF_STATUS = {
  successful: "/success",
  failed: "/failure",
  canceled: "/failure",
  pending: "/payment-callback",
} as const satisfies Record<PaymentStatus, string>;
