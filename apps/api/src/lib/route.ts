import {
  API_BASE_PATH,
  type Endpoint,
  type EndpointParsedBody,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  type EndpointResponse,
} from "@esim/shared/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthenticatedUser } from "../plugins/auth.ts";
import { requireUser } from "../plugins/auth.ts";

/** What a handler returns: the response body, or nothing for a 204 endpoint. */
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler may end with a service call returning Promise<void>.
type HandlerResult<E extends Endpoint> = [EndpointResponse<E>] extends [undefined] ? void : EndpointResponse<E>;

export interface RouteContext<E extends Endpoint> {
  body: EndpointParsedBody<E>;
  params: EndpointParsedParams<E>;
  query: EndpointParsedQuery<E>;
  /** The signed-in caller; present on every endpoint with `auth: true`. */
  user: E["auth"] extends true ? AuthenticatedUser : AuthenticatedUser | undefined;
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
  options: { tags?: string[]; summary?: string; rateLimit?: { max: number; timeWindow: string } } = {},
): void {
  app.route({
    method: endpoint.method,
    url: `${API_BASE_PATH}${endpoint.path}`,
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
    ...(endpoint.auth ? { preHandler: requireUser } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as EndpointParsedBody<E>,
        params: request.params as EndpointParsedParams<E>,
        query: request.query as EndpointParsedQuery<E>,
        user: request.user as RouteContext<E>["user"],
        request,
        reply,
      });
      if (endpoint.response === undefined) return reply.status(204).send();
      return result;
    },
  });
}
