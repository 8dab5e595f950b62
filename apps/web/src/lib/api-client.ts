import { type ErrorCode, type FieldErrorCode, isErrorCode, isFieldErrorCode } from "@esim/shared/errors";
import {
  ADMIN_API_BASE_PATH,
  API_BASE_PATH,
  type Endpoint,
  type EndpointBody,
  type EndpointResponse,
} from "@esim/shared/http";
import { parseApiOrigin } from "./api-origin.ts";
import { navigateToAuthPage } from "./navigation.ts";
import { clearSession, getSession } from "./session.ts";

/** An answer of the API outside 2xx, read from the envelope `{ error: { code, message, fields } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Partial<Record<string, FieldErrorCode>>;
  /** From `Retry-After` on a 429, in seconds. */
  readonly retryAfterSeconds: number | null;
  /** What the client needs to act on the error (the unpaid order holding a promo code: orderId, orderNumber). */
  readonly details: Partial<Record<string, string>>;

  constructor(options: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Partial<Record<string, FieldErrorCode>>;
    retryAfterSeconds?: number | null;
    details?: Partial<Record<string, string>>;
  }) {
    super(options.message);
    this.name = "ApiError";
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.details = options.details ?? {};
  }
}

/** The request never reached the API (offline, DNS, CORS, aborted by the network). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Network request failed", { cause });
    this.name = "NetworkError";
  }
}

/**
 * Whose bearer token a call carries and what an HTTP 401 does. The customer's session by default; the operator's
 * console passes its own (decision 035), so one client serves both without either seeing the other's token.
 */
export interface ApiAuth {
  readToken: () => string | null;
  onUnauthorized: () => void | Promise<void>;
}

const customerAuth: ApiAuth = {
  readToken: () => getSession().token,
  onUnauthorized: async () => {
    await clearSession("unauthorized");
    navigateToAuthPage();
  },
};

export type ApiCallOptions<E extends Endpoint> = {
  params?: Record<string, string>;
  auth?: ApiAuth;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  // A body the contract makes optional (or has none) may be left out.
} & (undefined extends EndpointBody<E> ? { body?: EndpointBody<E> } : { body: EndpointBody<E> });

/** `/api/v1/app` in browsers; `https://<host>/api/v1/app` in the native apps (VITE_API_ORIGIN, lib/api-origin.ts). */
function apiBase(area: Endpoint["area"] = "app"): string {
  return `${parseApiOrigin(import.meta.env.VITE_API_ORIGIN)}${area === "admin" ? ADMIN_API_BASE_PATH : API_BASE_PATH}`;
}

/** The address of one call: path parameters encoded, undefined query values left out. */
export function buildApiUrl(
  endpoint: Pick<Endpoint, "path" | "area">,
  options: { params?: Record<string, string>; query?: ApiCallOptions<Endpoint>["query"] } = {},
): string {
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${apiBase(endpoint.area)}${path}${queryString ? `?${queryString}` : ""}`;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readApiError(response: Response): Promise<ApiError> {
  let envelope: unknown = null;
  try {
    envelope = await response.json();
  } catch {
    // A proxy's HTML error page: fall back to a code from the status.
  }
  const error = (
    envelope as { error?: { code?: unknown; message?: unknown; fields?: unknown; details?: unknown } } | null
  )?.error;
  const fields: Record<string, FieldErrorCode> = {};
  if (error?.fields && typeof error.fields === "object") {
    for (const [name, code] of Object.entries(error.fields)) fields[name] = isFieldErrorCode(code) ? code : "INVALID";
  }
  const details: Record<string, string> = {};
  if (error?.details && typeof error.details === "object") {
    for (const [name, value] of Object.entries(error.details)) if (typeof value === "string") details[name] = value;
  }
  const fallbackCode: ErrorCode =
    response.status === 401 ? "UNAUTHENTICATED" : response.status === 429 ? "RATE_LIMITED" : "INTERNAL_ERROR";
  return new ApiError({
    status: response.status,
    code: isErrorCode(error?.code) ? error.code : fallbackCode,
    message: typeof error?.message === "string" ? error.message : response.statusText,
    fields,
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")),
    details,
  });
}

/**
 * Sends one request to the API with the bearer token when present. Outside 2xx it throws the envelope's ApiError;
 * on HTTP 401 the session is cleared and the user sent to AuthPage first.
 */
async function sendToApi(
  url: string,
  init: { method: string; accept: string; body?: string; signal?: AbortSignal | undefined; auth?: ApiAuth | undefined },
): Promise<Response> {
  const auth = init.auth ?? customerAuth;
  const headers: Record<string, string> = { accept: init.accept };
  const token = auth.readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(url, { method: init.method, headers, body: init.body, signal: init.signal });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  if (!response.ok) {
    const apiError = await readApiError(response);
    if (response.status === 401) await auth.onUnauthorized();
    throw apiError;
  }
  return response;
}

/**
 * Calls one endpoint of the shared contract: bearer token when present, the
 * success body parsed with the endpoint's response schema. On HTTP 401 the
 * session is cleared and the user sent to AuthPage, and the caller still gets
 * the error.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  options: ApiCallOptions<E>,
): Promise<EndpointResponse<E>> {
  const response = await sendToApi(buildApiUrl(endpoint, options), {
    method: endpoint.method,
    accept: "application/json",
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    auth: options.auth,
  });
  if (!endpoint.response || response.status === 204) return undefined as EndpointResponse<E>;
  const json: unknown = await response.json();
  return endpoint.response.parse(json) as EndpointResponse<E>;
}

/** A file the API answers outside the JSON contract (an invoice PDF), under the same token and error rules. */
export async function fetchApiFile(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const response = await sendToApi(`${apiBase()}${path}`, {
    method: "GET",
    accept: "application/pdf",
    signal: options.signal,
  });
  return response.blob();
}

/** A file answer of one endpoint (the audit log's CSV), with the endpoint's address, token and error rules. */
export async function fetchEndpointFile<E extends Endpoint>(
  endpoint: E,
  options: Pick<ApiCallOptions<E>, "params" | "query" | "signal" | "auth"> & { accept: string },
): Promise<Blob> {
  const response = await sendToApi(buildApiUrl(endpoint, options), {
    method: endpoint.method,
    accept: options.accept,
    signal: options.signal,
    auth: options.auth,
  });
  return response.blob();
}
