import { getCatalogSummary } from "@esim/shared/catalog/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { readCatalogSummary } from "./catalog.service.ts";

export async function catalogRoutes(app: FastifyInstance) {
  addRoute(
    app,
    getCatalogSummary,
    async ({ reply }) => {
      reply.header("cache-control", "public, max-age=300");
      return { data: readCatalogSummary(app.deps) };
    },
    { tags: ["catalog"], summary: "Destination count and lowest price for the marketing lines" },
  );
}
