import type * as z from "zod/mini";

/** Every app endpoint lives under this base (product description §7). */
export const API_BASE_PATH = "/api/v1/app";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the contract: the API registers its route from it and the
 * web calls it through it, so both sides agree on path, input and answer.
 */
export interface Endpoint<
  TBody extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  TResponse extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  TAuth extends boolean = boolean,
> {
  method: HttpMethod;
  /** Path below API_BASE_PATH, with `:param` placeholders. */
  path: string;
  /** Whether a session token is required. */
  auth: TAuth;
  body: TBody;
  /** Success answer; undefined means 204 No Content. */
  response: TResponse;
}

export function defineEndpoint<
  TBody extends z.ZodMiniType | undefined,
  TResponse extends z.ZodMiniType | undefined,
  const TAuth extends boolean,
>(endpoint: Endpoint<TBody, TResponse, TAuth>): Endpoint<TBody, TResponse, TAuth> {
  return endpoint;
}

export type EndpointBody<E> =
  E extends Endpoint<infer B, z.ZodMiniType | undefined> ? (B extends z.ZodMiniType ? z.input<B> : undefined) : never;

export type EndpointResponse<E> =
  E extends Endpoint<z.ZodMiniType | undefined, infer R> ? (R extends z.ZodMiniType ? z.output<R> : undefined) : never;
