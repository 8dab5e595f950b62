import Fastify, { type FastifyInstance } from "fastify";
import type { AppDeps } from "./lib/deps.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { errorHandlerPlugin } from "./plugins/error-handler.ts";
import { httpMetricsPlugin } from "./plugins/http-metrics.ts";

/**
 * /livez, /readyz and /metrics alone, for a process without the shop's HTTP (the `worker` role): its own counters
 * (paid-to-delivered, the upstream calls its jobs make) live in its registry and are scraped here, on METRICS_PORT.
 * Does not listen.
 */
export async function buildMonitoringApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, return503OnClosing: true });
  app.decorate("deps", deps);
  await app.register(errorHandlerPlugin);
  await app.register(httpMetricsPlugin);
  await app.register(healthRoutes);
  return app;
}
