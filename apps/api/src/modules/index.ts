import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../lib/deps.ts";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";

/** Every feature module, in one list. */
export async function registerModules(app: FastifyInstance, _deps: AppDeps) {
  await app.register(healthRoutes);
  await app.register(catalogRoutes);
}
