import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { AppDeps } from "./lib/deps.ts";
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
  overrides: Partial<Omit<AppDeps, "esim" | "payments" | "push">> & {
    esim?: EsimProvider;
    payments?: PaymentGateway;
    push?: PushSender;
  } = {},
): AppDeps {
  const now = overrides.now ?? (() => new Date());
  let esim = overrides.esim;
  let payments = overrides.payments;
  let push = overrides.push;
  return {
    config,
    db,
    mailer: overrides.mailer ?? createMailer(config, db),
    now,
    get esim() {
      esim ??= createEsimProvider({ config, db, now });
      return esim;
    },
    get payments() {
      payments ??= createPaymentGateway({ config, db, now });
      return payments;
    },
    get push() {
      push ??= createPushSender({ config, db, now });
      return push;
    },
  };
}
