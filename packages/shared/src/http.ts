import type * as z from "zod/mini";
import type { OperatorRole } from "./console/roles.ts";

/** Every app endpoint lives under this base. */
export const API_BASE_PATH = "/api/v1/app";

/** The operator's console endpoints live under this base, apart from the customers' (decision 032). */
export const ADMIN_API_BASE_PATH = "/api/v1/admin";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the contract: the API registers its route from it and the
 * web calls it through it, so both sides agree on path, input and answer.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Path below API_BASE_PATH (ADMIN_API_BASE_PATH for `area: "admin"`), with `:param` placeholders. */
  path: string;
  /** The console's endpoints say `admin`; the app's leave it out. */
  area?: "app" | "admin";
  /**
   * Whether a customer's session token is required (`true`), or an operator's (`"operator"`: a customer's token is
   * refused with 403 FORBIDDEN).
   */
  auth: boolean | "operator";
  /** With `auth: "operator"`, the roles allowed; another operator gets 403 FORBIDDEN. */
  roles?: readonly OperatorRole[];
  body: z.ZodMiniType | undefined;
  /** Success answer; undefined means 204 No Content. */
  response: z.ZodMiniType | undefined;
  /** The `:param` placeholders of `path`, as strings in. */
  params?: z.ZodMiniType;
  /** The query string, as strings in. */
  query?: z.ZodMiniType;
}

/** The endpoint's address below the origin, `:param` placeholders kept. */
export function endpointUrl(endpoint: Pick<Endpoint, "area" | "path">): string {
  return `${endpoint.area === "admin" ? ADMIN_API_BASE_PATH : API_BASE_PATH}${endpoint.path}`;
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
