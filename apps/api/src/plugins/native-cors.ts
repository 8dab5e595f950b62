import { API_BASE_PATH } from "@esim/shared/http";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import fp from "fastify-plugin";

/** Every method the contract uses; the preflight answers these. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** The apps send the bearer token and JSON: no cookies, so no credentials mode. */
const ALLOWED_HEADERS = ["Authorization", "Content-Type"];
/** What the apps read from an answer besides the safelisted headers: the wait of a 429, the id for support, a PDF's name. */
const EXPOSED_HEADERS = ["Retry-After", "X-Request-Id", "Content-Disposition"];
/** Chromium (Android's web view) keeps a preflight at most 2 hours, WebKit less: 10 minutes spares most of them. */
const PREFLIGHT_MAX_AGE_S = 600;

const API_PREFIX = `${API_BASE_PATH}/`;

/**
 * Cross-origin access for the native apps' web views (`capacitor://localhost` on iOS, `https://localhost` on
 * Android), which call the API with a bearer token. Only those origins, only on API_BASE_PATH: any other origin or
 * path gets no CORS header, and its preflight the ROUTE_NOT_FOUND envelope. Registered in the modules' scope only,
 * so the web app's files are answered exactly as before.
 *
 * The headers @fastify/cors's delegator gave (and in the same order), computed once per allowed origin: the
 * delegator rebuilt its options on every request, the first of our own costs in a profile of a catalogue read.
 */
export const nativeCorsPlugin = fp(async (app: FastifyInstance, options: { origins: readonly string[] }) => {
  const answers = new Map(
    options.origins.map((origin) => [
      origin,
      {
        simple: {
          "access-control-allow-origin": origin,
          "access-control-expose-headers": EXPOSED_HEADERS.join(", "),
        },
        preflight: {
          "access-control-allow-methods": METHODS.join(", "),
          "access-control-allow-headers": ALLOWED_HEADERS.join(", "),
          "access-control-max-age": String(PREFLIGHT_MAX_AGE_S),
        },
      },
    ]),
  );

  app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // Every answer varies by Origin, a refused one too: a cache must not hand an allowed origin's answer to another.
    addOriginToVary(reply);
    const origin = request.headers.origin;
    const answer = origin === undefined ? undefined : answers.get(origin);
    if (answer === undefined || !request.url.startsWith(API_PREFIX)) return done();
    reply.headers(answer.simple);
    // A preflight missing its Access-Control-Request-Method still gets the allowed-origin answer rather than a
    // text/plain 400 outside the envelope.
    if (request.raw.method !== "OPTIONS") return done();
    reply.headers(answer.preflight).code(204).header("content-length", "0").send();
  });

  // The hook answered the allowed preflights: any other OPTIONS request is no route of ours.
  app.options("*", { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
});

/** Adds Origin to the answer's Vary header, as @fastify/cors did. */
function addOriginToVary(reply: FastifyReply): void {
  const current = reply.getHeader("vary");
  if (current === undefined || current === "") {
    reply.header("vary", "Origin");
    return;
  }
  const value = Array.isArray(current) ? current.join(", ") : String(current);
  const fields = value
    .toLowerCase()
    .split(",")
    .map((field) => field.trim());
  if (!fields.includes("*") && !fields.includes("origin")) reply.header("vary", `${value}, Origin`);
}
