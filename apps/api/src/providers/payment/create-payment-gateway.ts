import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { PaymentGateway } from "./payment-port.ts";

/** The payment gateway chosen by PAYMENT_PROVIDER. (Being written: the sandbox lands here.) */
export function createPaymentGateway(_deps: { config: Config; db: Database; now: () => Date }): PaymentGateway {
  throw new Error("The payment gateway is not available yet");
}
