import type * as z from "zod/mini";

/** Every app endpoint lives under this base (product description §7). */
export const API_BASE_PATH = "/api/v1/app";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the contract: the API registers its route from it and the
 * web calls it through it, so both sides agree on path, input and answer.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Path below API_BASE_PATH, with `:param` placeholders. */
  path: string;
  /** Whether a session token is required. */
  auth: boolean;
  body: z.ZodMiniType | undefined;
  /** Success answer; undefined means 204 No Content. */
  response: z.ZodMiniType | undefined;
  /** The `:param` placeholders of `path`, as strings in. */
  params?: z.ZodMiniType;
  /** The query string, as strings in. */
  query?: z.ZodMiniType;
}

/** Keeps the endpoint's exact type, so each side sees its precise body, answer and auth. */
export function defineEndpoint<const T extends Endpoint>(endpoint: T): T {
  return endpoint;
}

type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export type EndpointBody<E extends Endpoint> = InputOf<E["body"]>;
export type EndpointResponse<E extends Endpoint> = OutputOf<E["response"]>;
export type EndpointQuery<E extends Endpoint> = InputOf<E["query"]>;
/** Parsed (server-side) shapes. */
export type EndpointParsedBody<E extends Endpoint> = OutputOf<E["body"]>;
export type EndpointParsedParams<E extends Endpoint> = OutputOf<E["params"]>;
export type EndpointParsedQuery<E extends Endpoint> = OutputOf<E["query"]>;
