import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

/**
 * Serves the built web app: hashed assets pre-compressed (brotli, gzip) with immutable caching, every
 * other page GET outside /api answered with the app shell. Files outside assets/ (index.html, the service
 * worker sw.js, manifest.webmanifest, icons) are revalidated on every use, so a deploy reaches installed apps.
 * Owns the not-found answer: with no built web app, or for API paths, /.well-known/ files (read by machines, which
 * must never get the app shell) and other methods, it is the ROUTE_NOT_FOUND envelope.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const hasWebApp = existsSync(path.join(options.distDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders: (response, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header("cache-control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, "web app not built: run `npm run build`; serving the API only");
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      hasWebApp &&
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/.well-known/");
    if (!isPageRequest) {
      throw new AppError("ROUTE_NOT_FOUND", { message: `No route ${request.method} ${request.url.split("?")[0]}.` });
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
});
