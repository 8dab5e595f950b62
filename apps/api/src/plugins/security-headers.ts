import type { IncomingMessage, ServerResponse } from "node:http";
import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Runs helmet once against a recording response and returns the headers it sets. @fastify/helmet rebuilt
 * helmet (CSP parsing included) on every request, which held every route near 40 % of a bare Fastify's
 * throughput (bench/README.md); the headers never change, so they are computed at start.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Browser features the app uses: only writing to the clipboard (the eSIM's activation code, copy-field.tsx). Every
 * powerful feature is refused to our pages and to any frame in them (the chat widget included).
 */
export const PERMISSIONS_POLICY = [
  "clipboard-write=(self)",
  ...[
    "accelerometer",
    "autoplay",
    "bluetooth",
    "browsing-topics",
    "camera",
    "display-capture",
    "fullscreen",
    "geolocation",
    "gyroscope",
    "hid",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ].map((feature) => `${feature}=()`),
].join(", ");

/**
 * The API's answers, the app's and the console's: JSON, PDFs and images read by their code (fetch), never a page a
 * browser shows as one.
 */
const API_PREFIXES = [`${API_BASE_PATH}/`, `${ADMIN_API_BASE_PATH}/`];
const isApiAnswer = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The headers of an API answer, after OWASP's REST Security Cheat Sheet: nothing in it may load or run anything
 * (`default-src 'none'`) or be framed, and the pages' policy (its sources, the features they may use, the cross-origin
 * isolation) says nothing to a fetch. 0.4 KB instead of 1.4 KB on every answer: the header bytes were a third of a
 * catalogue read's socket write (bench/README.md, decision 046).
 */
function apiAnswerHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ["x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-resource-policy"];
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.map((name) => [name, pageHeaders[name]!])),
    ...(pageHeaders["strict-transport-security"]
      ? { "strict-transport-security": pageHeaders["strict-transport-security"] }
      : {}),
  };
}

/**
 * Security headers on every answer: the pages' policy on pages, the API's short one on its answers (a route may
 * still replace one, e.g. the sandbox page's own CSP).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { isHttps: boolean; inlineScriptHashes: string[] }) => {
    // The live chat's SDK, its widget frame, avatars and API come from the Chatwoot server, when one is configured.
    const chatBaseUrl = app.deps.config.CHATWOOT_BASE_URL;
    const chat = chatBaseUrl ? [new URL(chatBaseUrl).origin] : [];
    const headers = computeSecurityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The prerendered sign-in page's boot script by its hash (decision 030); no other inline script runs.
          scriptSrc: ["'self'", ...options.inlineScriptHashes, ...chat],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...chat],
          connectSrc: ["'self'", ...chat],
          frameSrc: ["'self'", ...chat],
          // The offline service worker (/sw.js) and the web app manifest come from the app's own origin.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.isHttps,
      // No page of ours is ever framed (frame-ancestors 'none' says the same to browsers that read the CSP).
      xFrameOptions: { action: "deny" },
    });
    headers["permissions-policy"] = PERMISSIONS_POLICY;
    const apiHeaders = apiAnswerHeaders(headers);
    // Callback hooks here and in the other per-request hooks: no promise per request on the hot paths.
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? apiHeaders : headers);
      done();
    });
  },
);
