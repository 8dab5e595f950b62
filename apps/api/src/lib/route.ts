import {
  type Endpoint,
  type EndpointParsedBody,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  type EndpointResponse,
  endpointUrl,
} from "@esim/shared/http";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { AuthenticatedOperator, AuthenticatedUser } from "../plugins/auth.ts";
import { requireOperator, requireUser } from "../plugins/auth.ts";

/** What a handler returns: the response body, or nothing for a 204 endpoint. */
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler may end with a service call returning Promise<void>.
type HandlerResult<E extends Endpoint> = [EndpointResponse<E>] extends [undefined] ? void : EndpointResponse<E>;

export interface RouteContext<E extends Endpoint> {
  body: EndpointParsedBody<E>;
  params: EndpointParsedParams<E>;
  query: EndpointParsedQuery<E>;
  /** The signed-in caller; present on every endpoint with `auth: true`. */
  user: E["auth"] extends true ? AuthenticatedUser : AuthenticatedUser | undefined;
  /** The signed-in operator; present on every endpoint with `auth: "operator"`. */
  operator: E["auth"] extends "operator" ? AuthenticatedOperator : AuthenticatedOperator | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one contract endpoint: its body is validated by the shared schema, its
 * answer serialised by it, its auth checked before the handler. Answers 204 when the
 * contract has no response schema.
 */
export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RouteContext<E>) => Promise<HandlerResult<E>>,
  options: RouteOptions = {},
): void {
  addRawRoute(
    app,
    endpoint,
    async (context) => {
      const result = await handler(context);
      if (endpoint.response === undefined) return context.reply.status(204).send();
      return result;
    },
    options,
  );
}

type RouteOptions = { tags?: string[]; summary?: string; rateLimit?: { max: number; timeWindow: string } };

/**
 * Registers a contract endpoint whose answer is not the JSON envelope (a CSV file): input validated and auth checked
 * as addRoute does; the handler writes the reply itself.
 */
export function addRawRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RouteContext<E>) => Promise<unknown>,
  options: RouteOptions = {},
): void {
  const isOperatorOnly = endpoint.auth === "operator";
  // A signed-in caller's answer, or any POST's (a sign-in answers with a token), is personal: no cache may keep it.
  // Public reads (the catalogue) set their own caching.
  const isPersonal = endpoint.auth !== false || endpoint.method !== "GET";
  // Set as the request arrives, so error answers carry it too.
  const onRequest = isPersonal ? [setNoStore] : [];
  // Authentication before the body is read or validated: a stranger gets 401/403, never a 400 that describes the
  // inputs. In preParsing, not onRequest: the rate limiter (an onRequest hook added after these) counts first, so
  // a flood of made-up tokens is limited like any other. An operator endpoint without a roles list is open to no
  // one: forgetting it must not open it to every role.
  const authenticate =
    endpoint.auth === true ? requireUser : isOperatorOnly ? requireOperator(endpoint.roles ?? []) : undefined;
  app.route({
    method: endpoint.method,
    url: endpointUrl(endpoint),
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.response ? { response: { 200: endpoint.response } } : {}),
      ...(options.tags ? { tags: options.tags } : {}),
      ...(options.summary ? { summary: options.summary } : {}),
      ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
    },
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    ...(authenticate ? { preParsing: authenticate } : {}),
    ...(onRequest.length > 0 ? { onRequest } : {}),
    handler: async (request, reply) =>
      handler({
        body: request.body as EndpointParsedBody<E>,
        params: request.params as EndpointParsedParams<E>,
        query: request.query as EndpointParsedQuery<E>,
        user: request.user as RouteContext<E>["user"],
        operator: request.operator as RouteContext<E>["operator"],
        request,
        reply,
      }),
  });
}

/** Set as the request arrives, so error answers carry it too; a handler may still set its own (`private, no-store`). */
function setNoStore(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header("cache-control", "no-store");
  done();
}
