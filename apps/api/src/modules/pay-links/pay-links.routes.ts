import { LANGUAGES, type Language } from "@esim/shared/locale";
import { createPayLink, listPayLinks, revokePayLink } from "@esim/shared/pay-links/contracts";
import { serverTranslator } from "@esim/ui/server-i18n";
import { PayLinkNoticeMain, renderStorefrontPage } from "@esim/ui/storefront";
import type { FastifyInstance, FastifyReply } from "fastify";
import { createElement } from "react";
import { AppError } from "../../lib/app-error.ts";
import { addRoute } from "../../lib/route.ts";
import type { SettlePayment } from "../payments/index.ts";
import { readWebStylesheets } from "../storefront/index.ts";
import { CONFIRMING_REFRESH_SECONDS, renderPayLinkPage } from "./pay-link-page.ts";
import { presentPayLink } from "./pay-links.presenter.ts";
import {
  createPayLinkFor,
  findPayLinkOf,
  listPayLinksOf,
  payLinkUrl,
  readPayLinkPage,
  revokePayLinkOf,
} from "./pay-links.service.ts";

/**
 * The place-order flow's pay-link door (decision 082) and the settle-payment flow (decision 091, for the page's look
 * at a pending payment), handed in where the routes are registered.
 */
export interface PayLinksRoutesOptions {
  settlePayment: SettlePayment;
  payLink(input: {
    token: string;
    method: string;
    payerEmail: string | null;
    language: Language;
    clientAddress: string;
    log: { warn(details: object, message: string): void };
  }): Promise<{ checkoutUrl: string | null } | { paid: true }>;
}

/** Pages, not API operations: kept out of the OpenAPI document. */
const PAGE_ROUTE = { schema: { hide: true } };
/** A form body is small: a method, an email, a tick. */
const FORM_BODY_LIMIT_BYTES = 2048;

type PayForm = Record<string, string | undefined> | undefined;

/** Pay-for-me links (decision 077): the traveller's JSON operations and the payer's public page and form. */
export async function payLinksRoutes(app: FastifyInstance, options: PayLinksRoutesOptions) {
  const { deps } = app;
  const { settlePayment } = options;
  let css: string | undefined;
  const readCss = () => {
    css ??= readWebStylesheets(deps.config.WEB_DIST_DIR);
    return css;
  };

  addRoute(
    app,
    createPayLink,
    async ({ body, user }) => {
      const { link, token } = await createPayLinkFor(deps, { user, body });
      const shown = await findPayLinkOf(deps, { userId: user.id, linkId: link.id });
      // The token exists in this answer only (kept hashed): a replayed creation has no address to give again.
      return {
        data: { link: presentPayLink(shown, deps.now()), url: token ? payLinkUrl(deps, user.language, token) : "" },
      };
    },
    { tags: ["pay-links"], summary: "Make a pay-for-me link for a top-up or a new eSIM (its address answered once)" },
  );

  addRoute(
    app,
    listPayLinks,
    async ({ user }) => ({
      data: (await listPayLinksOf(deps, user.id)).map((row) => presentPayLink(row, deps.now())),
    }),
    { tags: ["pay-links"], summary: "The caller's pay-for-me links and their states" },
  );

  addRoute(
    app,
    revokePayLink,
    async ({ params, user }) => ({
      data: presentPayLink(await revokePayLinkOf(deps, { userId: user.id, linkId: params.linkId }), deps.now()),
    }),
    { tags: ["pay-links"], summary: "Revoke one of the caller's waiting pay-for-me links" },
  );

  // The form posts here (no script): its own parser, so the JSON API stays JSON-only.
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    // The form's answer is a 303 to the gateway's hosted page: browsers hold a form's redirects to form-action too, so
    // the pages' `form-action 'self'` would stop the payer at Chargily's door.
    const gatewayOrigin = new URL(deps.config.CHARGILY_BASE_URL).origin;
    const withGatewayFormAction = (reply: FastifyReply) =>
      String(reply.getHeader("content-security-policy") ?? "").replace(
        /form-action [^;]*/,
        `form-action 'self' ${gatewayOrigin}`,
      );

    /** A page in the shop's frame saying there is no link here (404) or too many were opened (429). */
    const noticePage = (reply: FastifyReply, language: Language, error: AppError | null) => {
      const t = serverTranslator(language);
      const isBusy = error?.code === "RATE_LIMITED";
      const body = renderStorefrontPage(
        language,
        {
          head: {
            title: t("payLink.notFound.title"),
            description: t(isBusy ? "payLink.busy.text" : "payLink.notFound.text"),
            keywords: t("storefront.landing.keywords"),
            paths: Object.fromEntries(LANGUAGES.map((each) => [each, `/${each}/esim`])) as Record<Language, string>,
            publicUrl: deps.config.PUBLIC_URL,
            isIndexable: false,
            structuredData: [],
            keptSearch: "",
            homeHref: `/${language}/esim`,
          },
          css: readCss(),
          figures: null,
          year: deps.now().getFullYear(),
        },
        createElement(PayLinkNoticeMain, { kind: isBusy ? "busy" : "notFound" }),
      );
      if (isBusy && error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply
        .code(isBusy ? 429 : 404)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(body);
    };

    const sendLinkPage = async (
      reply: FastifyReply,
      options: { language: Language; token: string; ip: string; returned: string | undefined; error?: AppError },
    ) => {
      let row: Awaited<ReturnType<typeof readPayLinkPage>>;
      try {
        row = await readPayLinkPage(deps, {
          token: options.token,
          clientAddress: options.ip,
          log: app.log,
          settlePayment,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "RATE_LIMITED")
          return noticePage(reply, options.language, error);
        throw error;
      }
      if (!row) return noticePage(reply, options.language, null);
      const page = renderPayLinkPage(deps, {
        row,
        token: options.token,
        language: options.language,
        css: readCss(),
        returned: options.returned === "success" || options.returned === "failure" ? options.returned : null,
        errorCode: options.error?.code ?? null,
      });
      if (page.isConfirming) reply.header("refresh", String(CONFIRMING_REFRESH_SECONDS));
      return reply
        .code(options.error?.statusCode ?? 200)
        .header("content-security-policy", withGatewayFormAction(reply))
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .type("text/html; charset=utf-8")
        .send(page.html);
    };

    for (const language of LANGUAGES) {
      pages.get<{ Params: { token: string }; Querystring: { status?: string } }>(
        `/${language}/pay/:token`,
        PAGE_ROUTE,
        async (request, reply) =>
          sendLinkPage(reply, {
            language,
            token: request.params.token,
            ip: request.ip,
            returned: request.query.status,
          }),
      );

      pages.post<{ Params: { token: string }; Body: PayForm }>(
        `/${language}/pay/:token`,
        PAGE_ROUTE,
        async (request, reply) => {
          const form = request.body ?? {};
          const email = form.email?.trim() ?? "";
          try {
            if (form.terms !== "accepted") {
              throw new AppError("VALIDATION_FAILED", { message: "The terms were not accepted." });
            }
            if (email !== "" && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
              throw new AppError("VALIDATION_FAILED", { message: "The email is not valid." });
            }
            const access = await options.payLink({
              token: request.params.token,
              method: form.method ?? "",
              payerEmail: email === "" ? null : email,
              language,
              clientAddress: request.ip,
              log: request.log,
            });
            // 303: the browser follows with a GET, so a reload never posts the form again.
            const location =
              "checkoutUrl" in access && access.checkoutUrl
                ? access.checkoutUrl
                : `/${language}/pay/${request.params.token}`;
            return reply.header("cache-control", "no-store").redirect(location, 303);
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            if (error.code === "NOT_FOUND") return noticePage(reply, language, null);
            return sendLinkPage(reply, {
              language,
              token: request.params.token,
              ip: request.ip,
              returned: undefined,
              error,
            });
          }
        },
      );
    }
  });
}
