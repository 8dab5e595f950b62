import type { FastifyInstance } from "fastify";
import { cancelAndRefund } from "../flows/cancel-and-refund.ts";
import { placeOrder } from "../flows/place-order.ts";
import { settleClaim } from "../flows/settle-claim.ts";
import { settlePayment } from "../flows/settle-payment.ts";
import type { AppDeps } from "../lib/deps.ts";
import { isSimulatorEsimProvider } from "../providers/esim/simulator/simulator-esim-provider.ts";
import { accountRoutes } from "./account/index.ts";
import { authRoutes } from "./auth/index.ts";
import { autoTopUpRoutes } from "./auto-top-up/index.ts";
import { catalogRoutes } from "./catalog/index.ts";
import { checkoutRoutes } from "./checkout/index.ts";
import { claimsRoutes } from "./claims/index.ts";
import { consoleCancellationsRoutes } from "./console-cancellations/index.ts";
import { consoleCustomersRoutes } from "./console-customers/index.ts";
import { consoleOrdersRoutes } from "./console-orders/index.ts";
import { consolePricesRoutes } from "./console-prices/index.ts";
import { couponsConsoleRoutes } from "./coupons/index.ts";
import { dashboardRoutes } from "./dashboard/index.ts";
import { devMailboxRoutes } from "./dev-mailbox/index.ts";
import { devSimulatorRoutes } from "./dev-simulator/index.ts";
import { devicesRoutes } from "./devices/index.ts";
import { esimsRoutes } from "./esims/index.ts";
import { healthRoutes } from "./health/index.ts";
import { invoicesRoutes } from "./invoices/index.ts";
import { marginsRoutes } from "./margins/index.ts";
import { nativeLinksRoutes } from "./native-links/index.ts";
import { operatorsRoutes } from "./operators/index.ts";
import { ordersRoutes } from "./orders/index.ts";
import { payLinksRoutes } from "./pay-links/index.ts";
import { paymentsRoutes } from "./payments/index.ts";
import { referralsRoutes } from "./referrals/index.ts";
import { storeCreditRoutes } from "./store-credit/index.ts";
import { supportRoutes } from "./support/index.ts";

/** Every feature module's routes, in one list (each through its front door). */
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(storeCreditRoutes);
  await app.register(devicesRoutes);
  // Flows are handed to the routes that start them (decisions 082, 091): modules never import flows.
  await app.register(checkoutRoutes, { placeOrder: (input) => placeOrder(deps, { door: "checkout", ...input }) });
  await app.register(ordersRoutes);
  await app.register(invoicesRoutes);
  await app.register(paymentsRoutes, { settlePayment });
  await app.register(payLinksRoutes, {
    payLink: (input) => placeOrder(deps, { door: "pay-link", ...input }),
    settlePayment,
  });
  await app.register(esimsRoutes);
  await app.register(autoTopUpRoutes, {
    placeFromCredit: (input) => placeOrder(deps, { door: "credit", ...input }),
  });
  await app.register(supportRoutes);
  await app.register(claimsRoutes, { settleClaim });
  await app.register(nativeLinksRoutes);
  await app.register(operatorsRoutes);
  await app.register(dashboardRoutes);
  await app.register(consoleCancellationsRoutes, { cancelAndRefund });
  await app.register(consoleCustomersRoutes);
  await app.register(couponsConsoleRoutes);
  await app.register(consoleOrdersRoutes, { cancelAndRefund });
  await app.register(consolePricesRoutes);
  await app.register(marginsRoutes);
  await app.register(referralsRoutes);
  // The mailbox shows everyone's sign-in codes: never where real users are.
  if (deps.config.NODE_ENV !== "production" && deps.mailer.kind === "dev-mailbox") {
    await app.register(devMailboxRoutes);
  }
  // The local upstream's fault switch, for journeys that make provisioning fail: never with a real upstream.
  if (deps.config.NODE_ENV !== "production" && isSimulatorEsimProvider(deps.esim)) {
    await app.register(devSimulatorRoutes, { simulator: deps.esim });
  }
}
