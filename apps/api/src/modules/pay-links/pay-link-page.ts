import { planTitle } from "@esim/shared/catalog/plan-name";
import { isErrorCode } from "@esim/shared/errors";
import { formatDate } from "@esim/shared/format";
import { LANGUAGES, type Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { payLinkPath } from "@esim/shared/pay-links/contracts";
import { serverTranslator } from "@esim/ui/server-i18n";
import {
  isConfirmingPayment,
  type PageHead,
  PayLinkMain,
  type PayLinkView,
  renderStorefrontPage,
} from "@esim/ui/storefront";
import { createElement } from "react";
import type { AppDeps } from "../../lib/deps.ts";
import { firstNameOf, payLinkDestinationName, payLinkPlanName } from "./pay-links.mails.ts";
import type { PayLinkPageRow } from "./pay-links.repo.ts";
import { payLinkAmountDzdMinor, payLinkStatusAt } from "./pay-links.service.ts";

// A pay-for-me link's public page (decision 077), rendered by the public pages' one renderer: who asks (first name),
// for what, how much, and a plain form. Its head carries the Open Graph preview in the reader's language.

/**
 * The preview image every link shares (one neutral image, no words to translate): apps/web/public/pay-link-preview.png,
 * served with the web app's files.
 */
export const PAY_LINK_PREVIEW_PATH = "/pay-link-preview.png";
export const PAY_LINK_PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** The eSIM a top-up goes onto, as the payer sees it: its destination and when it was bought, nothing secret. */
function esimLabelOf(row: PayLinkPageRow, language: Language): string | null {
  if (row.link.kind !== "top_up" || !row.esim) return null;
  const t = serverTranslator(language);
  return t("payLink.esimLabel", {
    destination: payLinkDestinationName(row.plan, language),
    date: formatDate(row.esim.createdAt),
  });
}

/** How often a page waiting for the gateway's word reloads itself (no script: the `Refresh` header). */
export const CONFIRMING_REFRESH_SECONDS = 3;

/**
 * The page of a link in `language`; `errorCode`, a refusal to show above the form. `isConfirming`: the payer is back
 * from the gateway and its word has not come yet, so the page offers no second payment and reloads itself.
 */
export function renderPayLinkPage(
  deps: Pick<AppDeps, "config" | "payments" | "now">,
  options: {
    /** isPaymentUnderway: the latest attempt's payment is pending or taken (readPayLinkPage). */
    row: PayLinkPageRow & { isPaymentUnderway: boolean };
    token: string;
    language: Language;
    css: string;
    returned: "success" | "failure" | null;
    errorCode: string | null;
  },
): { html: string; isConfirming: boolean } {
  const { row, token, language } = options;
  const t = serverTranslator(language);
  const publicUrl = deps.config.PUBLIC_URL;
  const who = firstNameOf(row.traveller.name) || t("payLink.page.someone");
  const amount = formatMoney(payLinkAmountDzdMinor(row.link), "DZD");
  const planName = payLinkPlanName(row.plan, language);
  const paths = Object.fromEntries(LANGUAGES.map((each) => [each, payLinkPath(each, token)])) as Record<
    Language,
    string
  >;
  const head: PageHead = {
    title: t("payLink.og.title", { name: who }),
    description: t("payLink.og.description", { plan: planName, amount }),
    keywords: t("storefront.landing.keywords"),
    paths,
    publicUrl,
    // A link is a private request: never in a search engine.
    isIndexable: false,
    structuredData: [],
    keptSearch: "",
    homeHref: `/${language}/esim`,
    image: { url: `${publicUrl}${PAY_LINK_PREVIEW_PATH}`, ...PAY_LINK_PREVIEW_SIZE, alt: t("app.name") },
  };
  const status = payLinkStatusAt(row.link, deps.now());
  const view: PayLinkView = {
    state: status,
    // "success" is the gateway's redirect, not its word: a payment that is neither pending nor taken did not go through.
    returned: options.returned === "success" && !row.isPaymentUnderway ? "failure" : options.returned,
    travellerFirstName: firstNameOf(row.traveller.name),
    destinationName: payLinkDestinationName(row.plan, language),
    planTitle: planTitle(row.plan, language),
    esimLabel: esimLabelOf(row, language),
    amountDzdMinor: payLinkAmountDzdMinor(row.link),
    expiresAt: row.link.expiresAt.toISOString(),
    methods: deps.payments.methods,
    action: paths[language],
    errorId: options.errorCode && isErrorCode(options.errorCode) ? (`error.${options.errorCode}` as const) : null,
  };
  const html = renderStorefrontPage(
    language,
    { head, css: options.css, figures: null, year: deps.now().getFullYear() },
    createElement(PayLinkMain, { view }),
  );
  return { html, isConfirming: isConfirmingPayment(view) };
}
