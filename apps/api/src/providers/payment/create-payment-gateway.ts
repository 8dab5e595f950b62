import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createChargilyGateway } from "./chargily/chargily-gateway.ts";
import type { PaymentGateway } from "./payment-port.ts";
import { createSandboxGateway } from "./sandbox/sandbox-gateway.ts";
import type { WarnLogger } from "./sandbox/webhook-delivery.ts";

/**
 * The payment gateway PAYMENT_PROVIDER names: the sandbox (default; loadConfig refuses it in production) or Chargily
 * Pay v2 (loadConfig requires CHARGILY_SECRET_KEY with it).
 */
export function createPaymentGateway(options: {
  config: Config;
  db: Database;
  now: () => Date;
  fetch?: typeof fetch;
  log?: WarnLogger;
}): PaymentGateway {
  const { config } = options;
  if (config.PAYMENT_PROVIDER === "chargily") {
    if (!config.CHARGILY_SECRET_KEY) throw new Error("CHARGILY_SECRET_KEY is required when PAYMENT_PROVIDER=chargily");
    return createChargilyGateway({
      baseUrl: config.CHARGILY_BASE_URL,
      secretKey: config.CHARGILY_SECRET_KEY,
      minimumChargeDzd: config.PAYMENT_MINIMUM_DZD,
      fees: { paidBy: config.PAYMENT_FEES_PAID_BY, percent: config.PAYMENT_FEE_PERCENT },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  return createSandboxGateway(options);
}

export { isSandboxGateway } from "./sandbox/sandbox-gateway.ts";
