import { randomUUID } from "node:crypto";
import type { Writable } from "node:stream";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { AppError } from "./lib/app-error.ts";
import type { AppDeps } from "./lib/deps.ts";
import { redactedLoggerOptions } from "./lib/log-redaction.ts";
import { responseSerializerCompiler } from "./lib/response-serializer.ts";
import { resolveSession } from "./modules/auth/index.ts";
import { registerModules } from "./modules/index.ts";
import { resolveOperatorSession } from "./modules/operators/index.ts";
import { storefrontRoutes } from "./modules/storefront/index.ts";
import { authPlugin } from "./plugins/auth.ts";
import { errorHandlerPlugin, sendAppError } from "./plugins/error-handler.ts";
import { httpMetricsPlugin } from "./plugins/http-metrics.ts";
import { nativeCorsPlugin } from "./plugins/native-cors.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { prerenderedScriptHashes, staticWebPlugin } from "./plugins/static-web.ts";
import { isSandboxGateway } from "./providers/payment/sandbox/sandbox-gateway.ts";
import { sandboxCheckoutRoutes } from "./providers/payment/sandbox/sandbox-page.routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** A request id taken from the proxy: short, and nothing a log reader could mistake for another field. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** How often Node looks for requests past their time (its default, 30 s, would let one live twice its timeout). */
const CONNECTIONS_CHECKED_EVERY_MS = 1000;

/** Body limit for every JSON request (64 KB: no contract needs more). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole HTTP app: infrastructure plugins, then modules, then the web app. Does not listen. */
export async function buildApp(
  deps: AppDeps,
  options: {
    logger?: boolean;
    /** Where log lines go instead of stdout (tests read them). */
    logStream?: Writable;
  } = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    // Access logs and every line logged while answering go through the one redaction rule (decision 059).
    logger:
      options.logger === false
        ? false
        : redactedLoggerOptions({
            level: config.LOG_LEVEL,
            ...(options.logStream ? { stream: options.logStream } : {}),
          }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A request trickled byte by byte is cut with 408 (decision 055): the whole request, body included, and its
    // headers each have their time. Node checks them every CONNECTIONS_CHECKED_EVERY_MS.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: CONNECTIONS_CHECKED_EVERY_MS,
    },
    trustProxy: config.TRUST_PROXY,
    // The proxy's X-Request-Id is kept, so its access log and ours name a request alike; a client's own is not
    // (it could make its requests look like someone else's).
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return config.TRUST_PROXY && typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    // The contracts use strict objects: unknown fields are refused, not stripped.
    ajv: { customOptions: { removeAdditional: false } },
    return503OnClosing: true,
    // A malformed address never reaches the error handler: answer it in the same envelope here.
    frameworkErrors: (error, _request, reply) => {
      const isBadUrl = error.code === "FST_ERR_BAD_URL";
      sendAppError(
        reply,
        new AppError(isBadUrl ? "URL_INVALID" : "VALIDATION_FAILED", {
          message: isBadUrl ? "The address is not a valid URL." : "The request is invalid.",
        }),
      );
    },
  });
  // Only JSON bodies: Fastify's built-in text/plain parser would let a text body reach validation.
  app.removeContentTypeParser("text/plain");
  app.decorate("deps", deps);
  app.setValidatorCompiler(validatorCompiler);
  // Tests check every answer's compiled bytes against the zod contract; elsewhere the compiled serializer alone.
  app.setSerializerCompiler(responseSerializerCompiler({ checkAgainstContract: config.NODE_ENV === "test" }));
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    done(null, payload);
  });

  await app.register(errorHandlerPlugin);
  await app.register(httpMetricsPlugin);
  await app.register(securityHeadersPlugin, {
    isHttps: config.PUBLIC_URL.startsWith("https://"),
    inlineScriptHashes: prerenderedScriptHashes(config.WEB_DIST_DIR),
  });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: "1 minute",
    // Static files and the health check are not API calls worth limiting. Decided on the route as routed, never on
    // the address as spelled: the router decodes `/%61pi/…`, so a test of the raw URL let such spellings through.
    allowList: (request) => {
      const routed = request.routeOptions.url;
      return routed === undefined || !routed.startsWith("/api/") || routed === "/api/health";
    },
    // The limit's headers only on a refusal (429, with Retry-After): no client of ours reads them on every answer.
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: "eSIM storefront API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  // The pages describe every input to whoever asks: off in production unless API_DOCS=true.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(authPlugin, {
    resolveSession: (token) => resolveSession(deps, token),
    resolveOperatorSession: (token) => resolveOperatorSession(deps, token),
  });
  // The modules in a scope of their own: CORS for the native apps' web views applies to them, not to the web app's files.
  await app.register(async (api) => {
    await api.register(nativeCorsPlugin, { origins: config.NATIVE_APP_ORIGINS });
    await registerModules(api, deps);
  });
  // The sandbox gateway's hosted checkout page (decision 010); loadConfig refuses the sandbox in production.
  if (config.PAYMENT_PROVIDER === "sandbox" && isSandboxGateway(deps.payments)) {
    await app.register(sandboxCheckoutRoutes, { gateway: deps.payments });
  }
  // The public shop window: its own addresses, before the web app's catch-all answers every other page.
  await app.register(storefrontRoutes);
  await app.register(staticWebPlugin, { distDir: config.WEB_DIST_DIR, consoleDistDir: config.CONSOLE_DIST_DIR });
  return app;
}
