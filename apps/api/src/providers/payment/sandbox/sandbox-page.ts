import { HTML_LANG, type Language, textDirection } from "@esim/shared/locale";
import { formatMoney, toMinor } from "@esim/shared/money";
import type { Translate } from "@esim/ui/i18n";
import { serverTranslator } from "@esim/ui/server-i18n";
import { paymentMethodName } from "@esim/ui/status-labels";
import { escapeHtml } from "../../../lib/html.ts";
import type { PaymentMethod } from "../payment-port.ts";
import type { SandboxCheckoutRow } from "./sandbox-checkouts.repo.ts";

/** The merchant shown to the payer, written the same way in every language (as in our emails). */
const MERCHANT_NAME = "eSIM Store";

/** The checkout's locale, or French (the store's default) for anything else. */
export function toLanguage(value: string | undefined): Language {
  return value === "en" || value === "ar" ? value : "fr";
}

/** The first of fr, en, ar an `Accept-Language` header asks for, for pages that have no checkout to take it from. */
export function languageFromHeader(header: string | undefined): Language {
  const tags = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      return { language: tag.toLowerCase().split("-")[0], quality: quality ? Number(quality.slice(2)) : 1 };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const { language } of tags) if (language === "fr" || language === "en" || language === "ar") return language;
  return "fr";
}

// Inline styles are allowed by the CSP; scripts are not, and the page needs none. Logical properties only, so the
// Arabic page mirrors by itself.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif;
background:#f1f5f9;color:#0f172a;line-height:1.5;font-size:16px}
.banner{background:#fef3c7;color:#713f12;border-block-end:2px solid #f59e0b;padding:.75rem 1rem;
display:flex;gap:.75rem;align-items:center;justify-content:center;text-align:center;font-weight:600}
.badge{background:#b45309;color:#fff;border-radius:.375rem;padding:.125rem .5rem;font-size:.8125rem;letter-spacing:.05em}
main{max-width:28rem;margin:1.25rem auto;padding-inline:1rem}
.card{background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgba(15,23,42,.12);padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.375rem 1rem}
dt{color:#475569}
dd{margin:0;text-align:end;overflow-wrap:anywhere}
.amount{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;border-block:1px solid #e2e8f0;
padding-block:.875rem;margin:0 0 1rem}
.amount strong{font-size:1.5rem}
fieldset{border:0;margin:0 0 1.25rem;padding:0}
legend{font-weight:600;padding:0;margin-block-end:.25rem}
.hint{color:#475569;font-size:.875rem;margin:0 0 .5rem}
.method{display:flex;align-items:center;gap:.75rem;border:1px solid #cbd5e1;border-radius:.75rem;
padding:.75rem 1rem;margin-block-end:.5rem;cursor:pointer;min-height:3rem}
.method:has(input:checked){border-color:#0f766e;background:#f0fdfa;box-shadow:inset 0 0 0 1px #0f766e}
.method input{width:1.125rem;height:1.125rem;accent-color:#0f766e;margin:0}
.actions{display:grid;gap:.625rem}
button,.button{display:block;width:100%;min-height:3rem;border-radius:.75rem;font:inherit;font-weight:600;
padding:.75rem 1rem;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#0f766e;color:#fff;border:0}
.pay:hover{background:#115e59}
.fail{background:#fff;color:#0f172a;border:1px solid #94a3b8}
.cancel{background:transparent;color:#b91c1c;border:0}
button:focus-visible,.button:focus-visible,.method:has(input:focus-visible){outline:3px solid #2563eb;outline-offset:2px}
.status{border-radius:.75rem;padding:.875rem 1rem;margin:0 0 1rem;font-weight:600}
.status-paid{background:#dcfce7;color:#14532d}
.status-failed,.status-canceled,.status-expired{background:#fee2e2;color:#7f1d1d}
.muted{color:#475569;font-size:.875rem;margin:0 0 1rem}
`;

function document(language: Language, t: Translate, body: string): string {
  return `<!doctype html>
<html lang="${HTML_LANG[language]}" dir="${textDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${t("sandbox.testBadge")} · ${t("sandbox.documentTitle")} · ${MERCHANT_NAME}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note"><span class="badge">${escapeHtml(t("sandbox.testBadge"))}</span><span>${escapeHtml(t("sandbox.testNotice"))}</span></div>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Amounts are read left to right even inside Arabic text: `<bdi>` keeps "6,400 DA" whole. */
const money = (amountDzd: number) => `<bdi>${escapeHtml(formatMoney(toMinor(amountDzd), "DZD"))}</bdi>`;

function summary(checkout: SandboxCheckoutRow, t: Translate): string {
  const rows: [string, string][] = [[t("sandbox.merchant"), escapeHtml(MERCHANT_NAME)]];
  if (checkout.description) rows.push([t("sandbox.description"), escapeHtml(checkout.description)]);
  rows.push([t("sandbox.reference"), `<bdi>${escapeHtml(checkout.id)}</bdi>`]);
  // As Chargily's page does with the allocation "customer" or "split": the payer's share of the fee comes on top.
  if (checkout.feesOnCustomer > 0) {
    rows.push([t("sandbox.price"), money(checkout.amount)], [t("sandbox.gatewayFee"), money(checkout.feesOnCustomer)]);
  }
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join("")}</dl>
<p class="amount"><span>${escapeHtml(t("sandbox.amount"))}</span><strong>${money(amountToPay(checkout))}</strong></p>`;
}

/** What the payer pays: the merchant's amount and the payer's share of the fee. */
const amountToPay = (checkout: SandboxCheckoutRow) => checkout.amount + checkout.feesOnCustomer;

/**
 * The hosted checkout page. A pending checkout offers the gateway's methods (the chosen one checked) and three buttons
 * in one form, each posting to its own address through `formaction`, so the method picked goes with any of them. A
 * final checkout shows its outcome and a link back to the merchant, and no button.
 */
export function renderCheckoutPage(checkout: SandboxCheckoutRow, methods: readonly PaymentMethod[]): string {
  const language = toLanguage(checkout.locale);
  const t = serverTranslator(language);
  if (checkout.status !== "pending") {
    const target = checkout.status === "paid" ? checkout.successUrl : checkout.failureUrl;
    return document(
      language,
      t,
      `<div class="card">
<h1>${escapeHtml(t("sandbox.heading"))}</h1>
<p class="status status-${checkout.status}" role="status">${escapeHtml(t(`sandbox.final.${checkout.status}`))}</p>
${summary(checkout, t)}
<p class="muted">${escapeHtml(t("sandbox.finalHint"))}</p>
<a class="button pay" href="${escapeHtml(target)}">${escapeHtml(t("sandbox.backToMerchant"))}</a>
</div>`,
    );
  }
  // Relative to the page's own address, so a PUBLIC_URL with a path prefix still works.
  const base = encodeURIComponent(checkout.id);
  const options = methods
    .map(
      (method) =>
        `<label class="method"><input type="radio" name="method" value="${method}"${
          method === checkout.paymentMethod ? " checked" : ""
        }><span>${escapeHtml(paymentMethodName(t, method))}</span></label>`,
    )
    .join("\n");
  return document(
    language,
    t,
    `<div class="card">
<h1>${escapeHtml(t("sandbox.heading"))}</h1>
${summary(checkout, t)}
<form method="post" action="${base}/pay">
<fieldset>
<legend>${escapeHtml(t("sandbox.method"))}</legend>
<p class="hint">${escapeHtml(t("sandbox.methodHint"))}</p>
${options}
</fieldset>
<div class="actions">
<button type="submit" class="pay">${escapeHtml(t("sandbox.pay"))} ${money(amountToPay(checkout))}</button>
<button type="submit" class="fail" formaction="${base}/fail">${escapeHtml(t("sandbox.fail"))}</button>
<button type="submit" class="cancel" formaction="${base}/cancel">${escapeHtml(t("sandbox.cancel"))}</button>
</div>
</form>
</div>`,
  );
}

/** The plain page for an id the sandbox does not know. */
export function renderNotFoundPage(language: Language): string {
  const t = serverTranslator(language);
  return document(
    language,
    t,
    `<div class="card"><h1>${escapeHtml(t("sandbox.notFoundTitle"))}</h1><p>${escapeHtml(t("sandbox.notFoundBody"))}</p></div>`,
  );
}

/** A method was posted that this gateway does not offer (only a hand-made request can do that). */
export function renderInvalidMethodPage(checkout: SandboxCheckoutRow, pageUrl: string): string {
  const language = toLanguage(checkout.locale);
  const t = serverTranslator(language);
  return document(
    language,
    t,
    `<div class="card"><h1>${escapeHtml(t("sandbox.invalidMethodTitle"))}</h1><p>${escapeHtml(t("sandbox.invalidMethodBody"))}</p>
<a class="button fail" href="${escapeHtml(pageUrl)}">${escapeHtml(t("sandbox.backToPage"))}</a></div>`,
  );
}
