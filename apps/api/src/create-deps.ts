import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { AppDeps } from "./lib/deps.ts";
import { createMetrics, withUpstreamMetrics } from "./lib/metrics.ts";
import { createEsimProvider } from "./providers/esim/create-esim-provider.ts";
import type { EsimProvider } from "./providers/esim/esim-port.ts";
import { createMailer } from "./providers/mail/create-mailer.ts";
import { createPaymentGateway } from "./providers/payment/create-payment-gateway.ts";
import type { PaymentGateway } from "./providers/payment/payment-port.ts";
import { createPushSender } from "./providers/push/create-push-sender.ts";
import type { PushSender } from "./providers/push/push-port.ts";

/**
 * The one place the outside world is chosen from configuration: used by the server, the CLI and tests.
 * Providers are built on first use, so a command or test that never pays never builds a gateway.
 */
export function createAppDeps(
  config: Config,
  db: Database,
  overrides: Partial<Omit<AppDeps, "esim" | "payments" | "push" | "metrics">> & {
    esim?: EsimProvider;
    payments?: PaymentGateway;
    push?: PushSender;
  } = {},
): AppDeps {
  const now = overrides.now ?? (() => new Date());
  const metrics = createMetrics();
  // Every upstream call timed and counted, a given provider (a test's double) as much as a built one.
  let esim = overrides.esim && withUpstreamMetrics(overrides.esim, metrics, "esim");
  let payments = overrides.payments && withUpstreamMetrics(overrides.payments, metrics, "payment");
  let push = overrides.push;
  return {
    config,
    db,
    mailer: overrides.mailer ?? createMailer(config, db),
    now,
    metrics,
    get esim() {
      esim ??= withUpstreamMetrics(createEsimProvider({ config, db, now }), metrics, "esim");
      return esim;
    },
    get payments() {
      payments ??= withUpstreamMetrics(createPaymentGateway({ config, db, now }), metrics, "payment");
      return payments;
    },
    get push() {
      push ??= createPushSender({ config, db, now });
      return push;
    },
  };
}
