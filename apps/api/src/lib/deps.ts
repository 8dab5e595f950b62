import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { EsimProvider } from "../providers/esim/esim-port.ts";
import type { Mailer } from "../providers/mail/mail-port.ts";
import type { PaymentGateway } from "../providers/payment/payment-port.ts";
import type { PushSender } from "../providers/push/push-port.ts";
import type { Metrics } from "./metrics.ts";

/** What services need from the outside world, built once at start (and by each test). */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The eSIM upstream (simulator by default). Built on first use. */
  readonly esim: EsimProvider;
  /** The payment gateway (sandbox by default). Built on first use. */
  readonly payments: PaymentGateway;
  /** Push notifications: FCM and APNs with credentials, else the recorder. Built on first use. */
  readonly push: PushSender;
  /** This process's Prometheus metrics (lib/metrics.ts), served at /metrics. */
  metrics: Metrics;
  /** The current time; tests move it instead of waiting. */
  now: () => Date;
}
