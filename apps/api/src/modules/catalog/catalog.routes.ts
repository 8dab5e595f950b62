import {
  getCatalogSummary,
  getDestination,
  listDestinationPlans,
  searchDestinations,
} from "@esim/shared/catalog/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isNotModified } from "../../lib/http-cache.ts";
import { addRoute } from "../../lib/route.ts";
import { type CatalogAnswer, catalogCacheOf } from "./catalog.cache.ts";
import * as catalog from "./catalog.service.ts";

/** Public and shared by every user and language: a CDN or the browser may keep it five minutes. */
const CACHE_CONTROL = "public, max-age=300";
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Sends a catalog answer: its body already serialised and checked against the contract (Fastify sends a
 * Buffer as is, keeping our content type), or 304 with no body when the client's copy is current. The cast
 * to the contract's handler type is deliberate: the route's serialiser is bypassed, not the contract.
 */
function sendAnswer<T>(request: FastifyRequest, reply: FastifyReply, answer: CatalogAnswer): T {
  if (isNotModified(request.headers["if-none-match"], answer.etag)) {
    reply.code(304).headers({ "cache-control": CACHE_CONTROL, etag: answer.etag });
    return undefined as T;
  }
  reply.headers({ "cache-control": CACHE_CONTROL, etag: answer.etag, "content-type": JSON_CONTENT_TYPE });
  return answer.body as T;
}

export async function catalogRoutes(app: FastifyInstance) {
  const cache = catalogCacheOf(app.deps, app.log);
  app.addHook("onReady", () => cache.start());
  app.addHook("onClose", () => cache.stop());

  addRoute(
    app,
    searchDestinations,
    async ({ query, request, reply }) =>
      sendAnswer(request, reply, await catalog.findDestinations(cache, { query: query.q, type: query.type })),
    { tags: ["catalog"], summary: "Search destinations by name (fr, en, ar) or ISO code" },
  );
  addRoute(
    app,
    getDestination,
    async ({ params, request, reply }) =>
      sendAnswer(request, reply, await catalog.findDestination(cache, { code: params.code })),
    { tags: ["catalog"], summary: "One destination" },
  );
  addRoute(
    app,
    listDestinationPlans,
    async ({ params, query, request, reply }) =>
      sendAnswer(request, reply, await catalog.findDestinationPlans(cache, { code: params.code, days: query.days })),
    { tags: ["catalog"], summary: "A destination's plans, optionally lasting exactly N days" },
  );
  addRoute(
    app,
    getCatalogSummary,
    async ({ request, reply }) => sendAnswer(request, reply, await catalog.readCatalogSummary(cache)),
    { tags: ["catalog"], summary: "Destination count and lowest price for the marketing lines" },
  );
}
