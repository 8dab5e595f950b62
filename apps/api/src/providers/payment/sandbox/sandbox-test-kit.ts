import type { FastifyInstance } from "fastify";
import type { PaymentMethod } from "../payment-port.ts";
import type { SandboxButton } from "./sandbox-gateway.ts";

/**
 * Presses a button of the sandbox's hosted page as a browser would (a form post), for tests that go through
 * checkout: answers the status and where the payer is sent next.
 */
export async function pressSandboxButton(
  app: FastifyInstance,
  checkoutUrl: string,
  button: SandboxButton,
  options: { method?: PaymentMethod } = {},
): Promise<{ statusCode: number; location: string | undefined; body: string }> {
  const path = new URL(checkoutUrl).pathname;
  const response = await app.inject({
    method: "POST",
    url: `${path}/${button}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: options.method ? new URLSearchParams({ method: options.method }).toString() : "",
  });
  const location = response.headers.location;
  return {
    statusCode: response.statusCode,
    location: typeof location === "string" ? location : undefined,
    body: response.body,
  };
}

/**
 * A `fetch` that answers through `app.inject`, for a sandbox gateway in tests whose app does not listen: its webhooks
 * then reach the app's own webhook route. Takes a getter because the gateway is built before the app.
 */
export function createInjectFetch(getApp: () => FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const response = await getApp().inject({
      method: (init?.method ?? "GET") as "GET",
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === "string" ? { payload: init.body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(item));
    }
    const hasBody = ![204, 205, 304].includes(response.statusCode);
    return new Response(hasBody ? response.rawPayload : null, { status: response.statusCode, headers: answerHeaders });
  };
}
