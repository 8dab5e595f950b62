import { setTimeout as sleep } from "node:timers/promises";
import { SIGNATURE_HEADER } from "../chargily/chargily-webhook.ts";

/** How hard the sandbox tries to deliver one webhook. */
export interface DeliveryPolicy {
  attempts: number;
  attemptTimeoutMs: number;
  /** Pause before the 2nd, 3rd… attempt. */
  retryDelaysMs: readonly number[];
  /** How long the payer's redirect waits for the delivery; the retries go on in the background after that. */
  redirectWaitMs: number;
}

/**
 * Quick on purpose: the receiver is our own API, which answers in milliseconds when it is up. When it is down the
 * callback page reconciles through retrieveCheckout, so waiting longer would only keep the payer on a blank page.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  attempts: 3,
  attemptTimeoutMs: 2_000,
  retryDelaysMs: [250, 750],
  redirectWaitMs: 2_500,
};

export interface DeliveryResult {
  isDelivered: boolean;
  attempts: number;
  /** The receiver's last HTTP status, or the network error's message. */
  lastOutcome: string;
}

export interface WarnLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * POSTs a signed body until the receiver answers 2xx. A 4xx other than 408/429 is final: the receiver read the event
 * and refused it (a bad signature, an amount that does not match), and sending the same bytes again cannot change that.
 */
export async function deliverWebhook(options: {
  url: string;
  rawBody: string;
  signature: string;
  fetch: typeof fetch;
  policy: DeliveryPolicy;
}): Promise<DeliveryResult> {
  const { url, rawBody, signature, policy } = options;
  let lastOutcome = "not attempted";
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) await sleep(policy.retryDelaysMs[attempt - 2] ?? policy.retryDelaysMs.at(-1) ?? 0);
    try {
      const response = await options.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature },
        body: rawBody,
        signal: AbortSignal.timeout(policy.attemptTimeoutMs),
      });
      // Drain the body so the connection is released.
      await response.arrayBuffer().catch(() => undefined);
      lastOutcome = `HTTP ${response.status}`;
      if (response.ok) return { isDelivered: true, attempts: attempt, lastOutcome };
      const isWorthRetrying = response.status === 408 || response.status === 429 || response.status >= 500;
      if (!isWorthRetrying) return { isDelivered: false, attempts: attempt, lastOutcome };
    } catch (error) {
      lastOutcome = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  }
  return { isDelivered: false, attempts: policy.attempts, lastOutcome };
}
