import { PAYMENT_METHODS } from "@esim/shared/checkout/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { PaymentMethod } from "../payment-port.ts";
import type { SandboxCheckoutRow } from "./sandbox-checkouts.repo.ts";
import { createSandboxGateway, isSandboxGateway, type SandboxButton, type SandboxGateway } from "./sandbox-gateway.ts";
import { languageFromHeader, renderCheckoutPage, renderInvalidMethodPage, renderNotFoundPage } from "./sandbox-page.ts";

export interface SandboxCheckoutRoutesOptions {
  /** The app's sandbox gateway; without it, `app.deps.payments` when that is the sandbox, else one built from `app.deps`. */
  gateway?: SandboxGateway;
}

const BUTTONS: readonly SandboxButton[] = ["pay", "fail", "cancel"];
/** A form with one radio button: anything bigger is not from our page. */
const FORM_BODY_LIMIT_BYTES = 1024;

const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Sends one of the sandbox's HTML pages. Its own CSP replaces the app's for it: no script at all, inline style only,
 * and `form-action` widened to the checkout's success and failure origins, because browsers apply `form-action` to
 * the redirect that follows a form post, and in development the web app is not on the API's origin.
 */
function sendPage(reply: FastifyReply, status: number, html: string, checkout?: SandboxCheckoutRow) {
  const redirectOrigins = checkout
    ? [...new Set([originOf(checkout.successUrl), originOf(checkout.failureUrl)])].filter(Boolean)
    : [];
  return reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      [
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        `form-action ${["'self'", ...redirectOrigins].join(" ")}`,
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join("; "),
    )
    .send(html);
}

/**
 * The sandbox gateway's hosted checkout page, `/sandbox/checkout/:id`, and its three buttons. Encapsulated on purpose
 * (no fastify-plugin): the form-body parser it adds serves these routes only, leaving the API JSON-only.
 */
export async function sandboxCheckoutRoutes(app: FastifyInstance, options: SandboxCheckoutRoutesOptions) {
  const { deps } = app;
  const gateway =
    options.gateway ??
    (isSandboxGateway(deps.payments)
      ? deps.payments
      : createSandboxGateway({ db: deps.db, config: deps.config, now: deps.now, log: app.log }));

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get<{ Params: { id: string } }>("/sandbox/checkout/:id", { schema: { hide: true } }, async (request, reply) => {
    const checkout = await gateway.findCheckout(request.params.id);
    if (!checkout)
      return sendPage(reply, 404, renderNotFoundPage(languageFromHeader(request.headers["accept-language"])));
    return sendPage(reply, 200, renderCheckoutPage(checkout, gateway.methods), checkout);
  });

  for (const button of BUTTONS) {
    app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      `/sandbox/checkout/:id/${button}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const checkout = await gateway.findCheckout(request.params.id);
        if (!checkout) {
          return sendPage(reply, 404, renderNotFoundPage(languageFromHeader(request.headers["accept-language"])));
        }
        const method = request.body?.method;
        if (method !== undefined && !(isPaymentMethod(method) && gateway.methods.includes(method))) {
          return sendPage(reply, 400, renderInvalidMethodPage(checkout, gateway.pageUrl(checkout.id)), checkout);
        }
        const completion = await gateway.completeCheckout(checkout.id, { button, method });
        // The checkout was found a moment ago and checkouts are never deleted: this is only for the type.
        if (!completion) return sendPage(reply, 404, renderNotFoundPage("fr"));
        // 303: the browser follows with a GET, so a reload on the merchant's page never re-posts the button.
        return reply.header("cache-control", "no-store").redirect(completion.redirectUrl, 303);
      },
    );
  }
}
