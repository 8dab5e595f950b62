import type { FastifyInstance } from "fastify";
import { buildAppleAppSiteAssociation, buildAssetLinks } from "./native-links.service.ts";

/** Apple's CDN and Android's verifier fetch these at install and now and then: an hour keeps a key change quick. */
const CACHE_CONTROL = "public, max-age=3600";

/**
 * GET /.well-known/assetlinks.json and /.well-known/apple-app-site-association: public JSON, answered directly (both
 * verifiers refuse redirects), outside the API contract since their shapes are Google's and Apple's.
 */
export async function nativeLinksRoutes(app: FastifyInstance) {
  const schema = { hide: true };

  app.get("/.well-known/assetlinks.json", { schema }, async (_request, reply) =>
    reply.type("application/json").header("cache-control", CACHE_CONTROL).send(buildAssetLinks(app.deps)),
  );

  app.get("/.well-known/apple-app-site-association", { schema }, async (_request, reply) =>
    reply.type("application/json").header("cache-control", CACHE_CONTROL).send(buildAppleAppSiteAssociation(app.deps)),
  );
}
