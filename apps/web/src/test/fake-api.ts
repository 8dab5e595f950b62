import { API_BASE_PATH } from "@esim/shared/http";
import { vi } from "vitest";

export interface FakeResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: { body: unknown; headers: Headers; url: URL }) => FakeResponse | Promise<FakeResponse>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  url: URL;
}

/**
 * Stubs `globalThis.fetch` with handlers keyed "METHOD /path" (below the API
 * base). Unknown calls answer 404 ROUTE_NOT_FOUND, like the API would.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.pathname.startsWith(API_BASE_PATH) ? url.pathname.slice(API_BASE_PATH.length) : url.pathname;
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers, url });
    const handler = handlers[`${method} ${path}`];
    const answer = handler
      ? await handler({ body, headers, url })
      : { status: 404, body: { error: { code: "ROUTE_NOT_FOUND", message: "No route" } } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export const apiError = (
  status: number,
  code: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
) => ({
  status,
  body: { error: { code, message: code, ...(fields ? { fields } : {}) } },
  headers,
});

export const ME = {
  name: "Amina Benali",
  email: "amina@example.com",
  phone: "+213555123456",
  country: "DZ",
  verified: true,
  language: "fr" as const,
  currency: "DZD" as const,
};

export const CATALOG_SUMMARY = { data: { destinationCount: 172, lowestPrice: { DZD: 6400, USD: 50 } } };

/** What every signed-in screen asks for: the marketing summary, the user, and the device record. */
export const SIGNED_IN_HANDLERS: Record<string, Handler> = {
  "GET /catalog/summary": () => ({ body: CATALOG_SUMMARY }),
  "GET /auth/me": () => ({ body: { data: ME } }),
  "POST /devices": () => ({ body: { data: { device_id: "d", updatedAt: "2026-01-01T00:00:00Z" } } }),
  // The profile shows the store credit: none unless the case says otherwise.
  "GET /account/store-credit": () => ({ body: { data: { balanceDzdMinor: 0, entries: [] } } }),
};

/** The API of a signed-in user: SIGNED_IN_HANDLERS and the case's own. */
export function signedInApi(overrides: Record<string, Handler> = {}) {
  return fakeApi({ ...SIGNED_IN_HANDLERS, ...overrides });
}
