import { REFUND_METHODS } from "@esim/shared/ledger/vocabulary";
import type { Language } from "@esim/shared/locale";
import { AUTOMATIC_REFUND_REASONS } from "@esim/shared/orders/refunds";
import { ORDER_ATTENTION_KINDS, ORDER_STATUSES } from "@esim/shared/statuses";
import * as emails from "@esim/ui/emails";
import { serverTranslator } from "@esim/ui/server-i18n";
import { describe, expect, it } from "vitest";
import { signInCodeMail } from "./modules/auth/auth.mails.ts";
import { pinResetMail } from "./modules/esims/pin.mails.ts";
import { creditNoteIn, drawnText, invoiceIn, logicalLines } from "./modules/invoices/invoice-pdf.test-kit.ts";
import { type InvoiceDocument, renderCreditNotePdf, renderInvoicePdf } from "./modules/invoices/invoice-pdf.ts";
import { operatorCodeMail } from "./modules/operators/operators.mails.ts";
import { operatorAlertEmail } from "./modules/orders/operator-alert.mails.ts";
import { refundDecisionEmail } from "./modules/orders/refund-decision.mails.ts";
import { refundSentEmail } from "./modules/orders/refund-sent.mails.ts";
import { findForeignWords } from "./test/foreign-words.ts";

// Decision 071: no email, push or PDF a French or Arabic reader gets shows an English word or a raw code. Every template
// is rendered in both languages with data of that language; what each shows is checked against the one catalogue.

const READER_LANGUAGES = ["fr", "ar"] as const satisfies readonly Language[];
const PUBLIC_URL = "https://esim.example.dz";

/** Data a French or an Arabic reader would have: names, places and plans in their language. */
const DATA = {
  fr: {
    name: "Amina Benali",
    destination: "Turquie",
    country: "Algérie",
    plan: "Turquie · 5 Go · 30 jours",
    title: "5 Go · 30 jours",
  },
  ar: {
    name: "أمينة بن علي",
    destination: "تركيا",
    country: "الجزائر",
    plan: "تركيا · 5 جيغابايت · 30 يومًا",
    title: "5 جيغابايت · 30 يومًا",
  },
};
const FIXED = ["ES26-000042", "89330123456789012345", "amina@example.dz", "LPA:1$smdp.example$K2-ABC", "K2-ABC"];
const dataWords = (language: "fr" | "ar", more: string[] = []) => [...Object.values(DATA[language]), ...FIXED, ...more];

const covered = new Set<unknown>();
/** Every plain-text part rendered here, for the check of their links. */
const textParts: string[] = [];
function keepText(text: string): string {
  textParts.push(text);
  return text;
}

async function render<Props extends object>(
  template: emails.EmailTemplate<Props>,
  props: Props,
  language: Language,
): Promise<string> {
  covered.add(template);
  const { subject, text } = await emails.renderEmail(template, props, language);
  textParts.push(text);
  return `${subject}\n${text}`;
}

describe.each(READER_LANGUAGES)("what a reader in %s gets", (language) => {
  const data = DATA[language];

  it("shows no English word nor raw code in the one-time-code emails", async () => {
    for (const build of [signInCodeMail, pinResetMail, operatorCodeMail]) {
      const mail = await build({ to: "amina@example.dz", code: "123456", language, validityMinutes: 10 });
      expect(findForeignWords(`${mail.subject}\n${keepText(mail.text)}`, dataWords(language))).toEqual([]);
    }
    covered.add(emails.codeEmail);
  });

  it("shows no English word nor raw code in the install and top-up emails", async () => {
    const base = {
      name: data.name,
      orderNumber: "ES26-000042",
      destination: data.destination,
      planName: data.plan,
      planTitle: data.title,
      quantity: 2,
      totalMinor: 6400_00,
      currency: "DZD" as const,
      chargeDzdMinor: 6400_00,
      advice: { sentence: "", lasts: "" },
    };
    const esim = (iccid: string | null, index: number) => ({
      iccid,
      installUrl: `${PUBLIC_URL}/details/${index}`,
    });
    const renders = [
      await render(
        emails.installEmail,
        { ...base, delivery: { kind: "install", esims: [esim("89330123456789012345", 1), esim(null, 2)] } },
        language,
      ),
      await render(
        emails.installEmail,
        { ...base, quantity: 1, delivery: { kind: "install", esims: [esim(null, 1)] } },
        language,
      ),
      await render(
        emails.installEmail,
        { ...base, advice: null, delivery: { kind: "top_up", iccid: null, detailsUrl: `${PUBLIC_URL}/details/1` } },
        language,
      ),
    ];
    for (const text of renders) expect(findForeignWords(text, dataWords(language))).toEqual([]);
  });

  it("shows no English word nor raw code in the refund emails, whatever the method or decision", async () => {
    const texts: string[] = [];
    for (const method of REFUND_METHODS) {
      for (const stillOwedDzdMinor of [0, 60_00]) {
        const mail = await refundSentEmail({
          to: "amina@example.dz",
          language,
          name: data.name,
          order: { id: "1", number: "ES26-000042" },
          amountDzdMinor: 1234_00,
          method,
          reference: "VIR-2026-0042",
          stillOwedDzdMinor,
          publicUrl: PUBLIC_URL,
        });
        texts.push(`${mail.subject}\n${keepText(mail.text)}`);
      }
    }
    for (const decision of ["approved", "refused", "held_payment_refused"] as const) {
      const mail = await refundDecisionEmail({
        to: "amina@example.dz",
        language,
        name: data.name,
        order: { number: "ES26-000042", chargeDzdMinor: 6400_00 },
        decision,
        reason: "—",
      });
      texts.push(`${mail.subject}\n${keepText(mail.text)}`);
    }
    for (const reason of AUTOMATIC_REFUND_REASONS) {
      for (const isHeldMoney of [false, true]) {
        const props = {
          name: data.name,
          orderNumber: "ES26-000042",
          reason,
          owedDzdMinor: 6400_00,
          isHeldMoney,
          orderUrl: "https://esim.example/status/0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d",
        };
        texts.push(await render(emails.automaticRefundEmail, props, language));
      }
    }
    for (const text of texts) expect(findForeignWords(text, dataWords(language, ["VIR-2026-0042"]))).toEqual([]);
    covered.add(emails.refundSentEmail).add(emails.refundDecisionEmail);
  });

  it("shows no English word nor raw code in the cancellation emails", async () => {
    const base = {
      name: data.name,
      orderNumber: "ES26-000042",
      destination: data.destination,
      esimUrl: `${PUBLIC_URL}/details/1`,
    };
    const renders = [
      await render(
        emails.cancellationDecisionEmail,
        {
          ...base,
          decision: { kind: "approved", refundDzdMinor: 3200_00, note: null, orderUrl: `${PUBLIC_URL}/status/1` },
        },
        language,
      ),
      await render(emails.cancellationDecisionEmail, { ...base, decision: { kind: "refused", reason: "—" } }, language),
    ];
    for (const text of renders) expect(findForeignWords(text, dataWords(language))).toEqual([]);
  });

  it("shows no English word nor raw code in the eSIM alerts, by email and by push", async () => {
    const texts: string[] = [];
    for (const kind of ["usage", "expiry"] as const) {
      for (const canTopUp of [true, false]) {
        for (const isExpiringToday of [true, false]) {
          const alert = {
            kind,
            destination: data.destination,
            dataLeftBytes: 1.5 * 1024 ** 3,
            expiresAt: new Date("2026-11-27T10:00:00Z"),
            isExpiringToday,
            canTopUp,
          };
          texts.push(
            await render(
              emails.esimAlertEmail,
              { ...alert, name: data.name, detailsUrl: `${PUBLIC_URL}/details/1` },
              language,
            ),
          );
          const t = serverTranslator(language);
          texts.push(`${emails.esimAlertTitle(t, alert)}\n${emails.esimAlertPushBody(t, alert)}`);
        }
      }
    }
    for (const text of texts) expect(findForeignWords(text, dataWords(language))).toEqual([]);
  });

  it("shows no English word nor raw code on the invoice and the credit note", async () => {
    const buyer = { name: data.name, email: "amina@example.dz", country: data.country };
    const invoice = (paymentMethod: string, extra: Partial<InvoiceDocument> = {}): InvoiceDocument => {
      const base = invoiceIn(language);
      return { ...base, buyer, line: { ...base.line, description: data.plan }, paymentMethod, ...extra };
    };
    const reason = serverTranslator(language)("invoice.creditNote.cancelledOnRequest", {
      esim: "ICCID 89330123456789012345",
    });
    const pdfs = [
      ...["edahabia", "cib", "chargily_app", "card", "coupon", "store_credit"].map((method) =>
        renderInvoicePdf(invoice(method)),
      ),
      renderInvoicePdf(
        invoice("cib", {
          couponDiscountMinor: 100_00,
          couponCode: "ETE26",
          storeCreditDzdMinor: 500_00,
          gatewayFeeDzdMinor: 37_00,
        }),
      ),
      renderCreditNotePdf({ ...creditNoteIn(language), buyer, description: data.plan, reason }),
    ];
    const sellerWords = Object.values(invoiceIn(language).seller).map(String);
    for (const pdf of await Promise.all(pdfs)) {
      const text = `${await drawnText(pdf)}\n${(await logicalLines(pdf)).join("\n")}`;
      expect(findForeignWords(text, dataWords(language, [...sellerWords, "ETE26"]))).toEqual([]);
    }
  });

  it("shows no English word nor raw code in the traveller-abroad emails: auto top-up, claims, pay-for-me, invites", async () => {
    const urls = {
      detailsUrl: `${PUBLIC_URL}/details/1`,
      payForMeUrl: `${PUBLIC_URL}/details/1?payForMe=1`,
      loadCreditUrl: `${PUBLIC_URL}/account/credit/load`,
    };
    const texts: string[] = [];
    for (const outcome of ["ordered", "credit_short", "cap_reached", "plan_unavailable"] as const) {
      for (const trigger of ["usage", "validity"] as const) {
        texts.push(
          await render(
            emails.autoTopUpEmail,
            {
              outcome,
              trigger,
              name: data.name,
              destination: data.destination,
              planName: data.plan,
              amountDzdMinor: 220_00,
              balanceDzdMinor: 100_00,
              ...urls,
            },
            language,
          ),
        );
      }
    }
    const steps = [
      { kind: "received", settleBy: new Date("2026-12-04T10:00:00Z"), isRefundable: true },
      { kind: "received", settleBy: new Date("2026-12-04T10:00:00Z"), isRefundable: false },
      { kind: "answered", message: data.name },
      { kind: "refunded", method: "store_credit", amountDzdMinor: 220_00, orderUrl: `${PUBLIC_URL}/status/1` },
      { kind: "refunded", method: "transfer", amountDzdMinor: 220_00, orderUrl: `${PUBLIC_URL}/status/1` },
      { kind: "refused", reason: data.name },
    ] as const;
    for (const step of steps) {
      texts.push(
        await render(
          emails.claimEmail,
          {
            name: data.name,
            orderNumber: "ES26-000042",
            destination: data.destination,
            step,
            claimUrl: urls.detailsUrl,
          },
          language,
        ),
      );
    }
    for (const isTopUp of [true, false]) {
      texts.push(
        await render(
          emails.payLinkPaidEmail,
          {
            name: data.name,
            planName: data.plan,
            isTopUp,
            amountDzdMinor: 220_00,
            orderNumber: "ES26-000042",
            orderUrl: `${PUBLIC_URL}/status/1`,
          },
          language,
        ),
      );
    }
    texts.push(
      await render(
        emails.payLinkReceiptEmail,
        {
          travellerFirstName: data.name,
          planName: data.plan,
          amountDzdMinor: 220_00,
          orderNumber: "ES26-000042",
          paidAt: "2026-11-27T10:00:00Z",
        },
        language,
      ),
      await render(
        emails.referralRewardEmail,
        { name: data.name, amountDzdMinor: 300_00, accountUrl: `${PUBLIC_URL}/profile` },
        language,
      ),
    );
    for (const text of texts) expect(findForeignWords(text, dataWords(language))).toEqual([]);
  });
});

describe("what an operator gets (in French, decision 071)", () => {
  it("shows no English word nor raw code in an order's alert, whatever its status and why, and links to the console", async () => {
    for (const status of ORDER_STATUSES) {
      for (const kind of ORDER_ATTENTION_KINDS) {
        const mail = await operatorAlertEmail({
          to: "ops@example.dz",
          order: {
            number: "ES26-000042",
            status,
            chargeDzdMinor: 6400_00,
            billing: { email: "amina@example.dz", name: "Amina", country: "DZ", phone: "" },
          },
          kind,
          publicUrl: PUBLIC_URL,
        });
        expect(
          findForeignWords(`${mail.subject}\n${keepText(mail.text)}`, [
            ...FIXED,
            "console",
            "order:show",
            "npm",
            "run",
          ]),
        ).toEqual([]);
        expect(mail.html).toContain(`href="${PUBLIC_URL}/admin/orders/ES26-000042"`);
      }
    }
    covered.add(emails.operatorAlertEmail);
  });

  it("shows no English word nor raw code in a cancellation request", async () => {
    const text = await render(
      emails.cancellationRequestEmail,
      {
        requestId: "0b9c2f4e-6c1d-4e0a-9d51-1f1a7f8c2b3d",
        orderNumber: "ES26-000042",
        iccid: null,
        customerEmail: null,
        destination: "Turquie",
        requestedAt: new Date("2026-11-26T10:00:00Z"),
        refundDzdMinor: 3200_00,
        reason: null,
        consoleUrl: `${PUBLIC_URL}/admin/cancellations`,
      },
      "fr",
    );
    expect(
      findForeignWords(text, [...FIXED, "npm", "run", "console", "cancellation:approve", "cancellation:refuse"]),
    ).toEqual([]);
  });

  it("shows no English word nor raw code in a new claim's alert", async () => {
    const text = await render(
      emails.claimOpenedEmail,
      {
        orderNumber: "ES26-000042",
        customerEmail: "amina@example.com",
        reason: "cannot_connect",
        settleBy: new Date("2026-12-03T10:00:00Z"),
        consoleUrl: `${PUBLIC_URL}/admin/claims/0b9c2f4e-6c1d-4e0a-9d51-1f1a7f8c2b3d`,
      },
      "fr",
    );
    expect(findForeignWords(text, FIXED)).toEqual([]);
  });

  it("covers every email template", () => {
    const templates = Object.values(emails).filter(
      (value) => typeof value === "object" && value !== null && "Body" in value && "subject" in value,
    );
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) expect(covered).toContain(template);
  });
});

// A link glued to the words around it is broken by mail clients (an Arabic word after it becomes part of the address):
// every text part puts each link alone on its line, whatever the template and the language.
it("puts each link of every plain-text part on a line of its own", () => {
  expect(textParts.length).toBeGreaterThan(20);
  for (const text of textParts) {
    for (const line of text.split("\n")) {
      if (!line.includes("http")) continue;
      expect(line.replace(/[\u200e\u200f\u2066-\u2069]/g, "").trim()).toMatch(/^https?:\/\/[\x21-\x7e]+$/);
    }
  }
});
