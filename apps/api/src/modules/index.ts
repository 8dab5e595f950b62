import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../lib/deps.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import { checkoutRoutes } from "./checkout/checkout.routes.ts";
import { devMailboxRoutes } from "./dev-mailbox/dev-mailbox.routes.ts";
import { devicesRoutes } from "./devices/devices.routes.ts";
import { esimsRoutes } from "./esims/esims.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { invoicesRoutes } from "./invoices/invoices.routes.ts";
import { nativeLinksRoutes } from "./native-links/native-links.routes.ts";
import { ordersRoutes } from "./orders/orders.routes.ts";
import { paymentsRoutes } from "./payments/payments.routes.ts";
import { supportRoutes } from "./support/support.routes.ts";

/** Every feature module, in one list. */
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(devicesRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(invoicesRoutes);
  await app.register(paymentsRoutes);
  await app.register(esimsRoutes);
  await app.register(supportRoutes);
  await app.register(nativeLinksRoutes);
  // The mailbox shows everyone's sign-in codes: never where real users are.
  if (deps.config.NODE_ENV !== "production" && deps.mailer.kind === "dev-mailbox") {
    await app.register(devMailboxRoutes);
  }
}
