import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { checkDatabase, checkReadiness, metricsAccess, scrapeMetrics } from "./health.service.ts";

/**
 * GET /api/health (the database answers), /livez (the process answers: no database, so a slow database never gets
 * a live process restarted), /readyz (ready for traffic: 503 with the failed check) and /metrics (Prometheus).
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/api/health", { schema: { hide: true } }, async () => {
    await checkDatabase(app.deps);
    return { status: "ok" };
  });

  app.get("/livez", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const { isReady, checks } = await checkReadiness(app.deps);
    reply.header("cache-control", "no-store").status(isReady ? 200 : 503);
    return { status: isReady ? "ready" : "not_ready", checks };
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(app.deps, request.headers.authorization);
    if (access === "hidden") throw new AppError("ROUTE_NOT_FOUND", { message: "No such route." });
    if (access === "unauthenticated") {
      throw new AppError("UNAUTHENTICATED", { message: "The metrics need the bearer token METRICS_TOKEN." });
    }
    const { contentType, text } = await scrapeMetrics(app.deps);
    return reply.header("cache-control", "no-store").type(contentType).send(text);
  });
}
