import type { Language } from "@esim/shared/locale";

// Minimal stand-in written by the storefront helper (issue 27) with the interface the legal-language helper's file
// has; the lead keeps that helper's file at merge.

export const LEGAL_PAGES = ["terms", "privacy", "legal-notice"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export interface SellerIdentity {
  legalName: string;
  address: string;
  nif: string;
  rc: string;
  nis: string;
  email: string;
  phone: string;
}

export interface LegalDocument {
  title: string;
  updatedOn: string /* YYYY-MM-DD */;
  sections: { heading: string; paragraphs: string[] }[];
}

const UPDATED_ON = "2026-11-26";

function sellerParagraphs(seller: SellerIdentity | null, language: Language): string[] {
  if (!seller) return [];
  const labels = {
    fr: { nif: "NIF", rc: "RC", nis: "NIS", contact: "Contact" },
    en: { nif: "Tax ID (NIF)", rc: "Trade register (RC)", nis: "Statistical ID (NIS)", contact: "Contact" },
    ar: { nif: "رقم التعريف الجبائي", rc: "السجل التجاري", nis: "رقم التعريف الإحصائي", contact: "الاتصال" },
  }[language];
  return [
    `${seller.legalName}, ${seller.address}`,
    `${labels.nif}: ${seller.nif} · ${labels.rc}: ${seller.rc} · ${labels.nis}: ${seller.nis}`,
    `${labels.contact}: ${seller.email} · ${seller.phone}`,
  ];
}

const TEXTS: Record<Language, Record<LegalPage, { title: string; heading: string; body: string }>> = {
  fr: {
    terms: {
      title: "Conditions générales de vente",
      heading: "Annulation et remboursement",
      body: "Une eSIM jamais installée peut être annulée dans les 24 heures suivant l’achat. Si le service échoue pour une raison technique, vous êtes remboursé sous 7 jours.",
    },
    privacy: {
      title: "Politique de confidentialité",
      heading: "Données conservées",
      body: "Nous conservons votre nom, votre adresse e-mail et vos commandes pour fournir le service ; les factures sont gardées 10 ans, comme la loi l’exige.",
    },
    "legal-notice": {
      title: "Mentions légales",
      heading: "Vendeur",
      body: "Le site est édité par le vendeur ci-dessous.",
    },
  },
  en: {
    terms: {
      title: "Terms of sale",
      heading: "Cancellation and refund",
      body: "An eSIM never installed can be cancelled within 24 hours of purchase. If the service fails for technical reasons, you are refunded within 7 days.",
    },
    privacy: {
      title: "Privacy policy",
      heading: "Data we keep",
      body: "We keep your name, email address and orders to provide the service; invoices are kept 10 years, as the law requires.",
    },
    "legal-notice": { title: "Legal notice", heading: "Seller", body: "This site is published by the seller below." },
  },
  ar: {
    terms: {
      title: "شروط البيع",
      heading: "الإلغاء والاسترداد",
      body: "يمكن إلغاء eSIM لم تُثبَّت خلال 24 ساعة من الشراء. وإذا تعطلت الخدمة لأسباب تقنية يُسترد المبلغ خلال 7 أيام.",
    },
    privacy: {
      title: "سياسة الخصوصية",
      heading: "البيانات المحفوظة",
      body: "نحتفظ باسمك وبريدك الإلكتروني وطلباتك لتقديم الخدمة؛ وتُحفظ الفواتير 10 سنوات كما يقتضي القانون.",
    },
    "legal-notice": { title: "الإشعار القانوني", heading: "البائع", body: "ينشر هذا الموقعَ البائعُ المذكور أدناه." },
  },
};

/** A legal page's text in a language, naming the seller (the identity set for invoices) when it is set. */
export function legalDocument(page: LegalPage, language: Language, seller: SellerIdentity | null): LegalDocument {
  const text = TEXTS[language][page];
  const sellerLines = sellerParagraphs(seller, language);
  return {
    title: text.title,
    updatedOn: UPDATED_ON,
    sections: [
      { heading: text.heading, paragraphs: [text.body] },
      ...(sellerLines.length > 0
        ? [{ heading: TEXTS[language]["legal-notice"].heading, paragraphs: sellerLines }]
        : []),
    ],
  };
}
