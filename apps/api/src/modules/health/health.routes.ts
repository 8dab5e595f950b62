import type { FastifyInstance } from "fastify";
import { checkDatabase } from "./health.service.ts";

/** GET /api/health: 200 when the database answers, 503 SERVICE_UNAVAILABLE otherwise. */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/api/health", { schema: { hide: true } }, async () => {
    await checkDatabase(app.deps);
    return { status: "ok" };
  });
}
