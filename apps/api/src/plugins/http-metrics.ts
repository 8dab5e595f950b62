import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

/** The webhook routes' source label, from their route pattern. */
function webhookSource(route: string | undefined): string | undefined {
  if (!route?.includes("/webhooks/")) return undefined;
  return route.includes("/webhooks/payments/") ? "payment" : "esim";
}

/**
 * Times every answer by route pattern and status (a page answered by the web app's not-found handler counts as "web
 * page", any other unknown address as "unmatched": raw URLs would give every scanner's guess a series of its own), and
 * counts the webhooks refused, by their error code.
 */
export const httpMetricsPlugin = fp(async (app: FastifyInstance) => {
  const { metrics } = app.deps;
  // One labelled series per method, route and status, looked up by a string: prom-client would otherwise hash the
  // label object on every answer (this hook runs on every request of the catalogue's hot path).
  const series = new Map<string, { observe(value: number): void }>();
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? (reply.statusCode < 400 ? "web page" : "unmatched");
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = metrics.httpRequestDuration.labels({ method: request.method, route, status: String(reply.statusCode) });
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  app.addHook("onError", async (request, _reply, error) => {
    const source = webhookSource(request.routeOptions.url);
    if (!source) return;
    const reason = error instanceof AppError ? error.code.toLowerCase() : "internal_error";
    metrics.webhookRejections.inc({ source, reason });
  });
});
