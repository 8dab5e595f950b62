import { API_BASE_PATH } from "@esim/shared/http";
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Every method the contract uses; the preflight answers these. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** The apps send the bearer token and JSON: no cookies, so no credentials mode. */
const ALLOWED_HEADERS = ["Authorization", "Content-Type"];
/** What the apps read from an answer besides the safelisted headers: the wait of a 429, the id for support, a PDF's name. */
const EXPOSED_HEADERS = ["Retry-After", "X-Request-Id", "Content-Disposition"];
/** Chromium (Android's web view) keeps a preflight at most 2 hours, WebKit less: 10 minutes spares most of them. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Cross-origin access for the native apps' web views (`capacitor://localhost` on iOS, `https://localhost` on
 * Android), which call the API with a bearer token. Only those origins, only on API_BASE_PATH: any other origin or
 * path gets no CORS header, and its preflight the ROUTE_NOT_FOUND envelope. Registered in the modules' scope only,
 * so the web app's files are answered exactly as before.
 */
export const nativeCorsPlugin = fp(async (app: FastifyInstance, options: { origins: readonly string[] }) => {
  const origins = new Set(options.origins);
  const apiOptions = {
    origin: true,
    methods: METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
    // A preflight missing its headers gets the allowed-origin answer rather than a text/plain 400 outside the envelope.
    strictPreflight: false,
  };
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const isAllowed = origin !== undefined && origins.has(origin) && request.url.startsWith(`${API_BASE_PATH}/`);
      callback(null, isAllowed ? apiOptions : { origin: false });
    },
  });
});
