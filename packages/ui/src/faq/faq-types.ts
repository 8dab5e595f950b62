/** The FAQ's sections, in the order the help centre shows them. */
export type FaqCategoryId = "install" | "activation" | "usage" | "topUp" | "payment" | "refunds" | "account";

/** Every question's id: the three languages answer the same questions (faq.test.ts keeps them in step). */
export type FaqQuestionId =
  | "install-how"
  | "install-before-leaving"
  | "install-compatible"
  | "install-once"
  | "activation-start"
  | "activation-settings"
  | "activation-no-connection"
  | "activation-calls"
  | "usage-lag"
  | "usage-alerts"
  | "usage-run-out"
  | "topup-how"
  | "topup-reinstall"
  | "payment-methods"
  | "payment-card-abroad"
  | "payment-processing"
  | "payment-invoice"
  | "refund-policy"
  | "cancel-unused"
  | "pin"
  | "support-contact";

/** Screens an answer may lead to. */
export type FaqLinkTarget = "/guide/installation" | "/guide/activation" | "/compatibility" | "/esims" | "/orders";

export interface FaqEntry {
  id: FaqQuestionId;
  question: string;
  /** Paragraphs of plain text. */
  answer: readonly string[];
  links?: readonly { to: FaqLinkTarget; label: string }[];
}

export interface FaqCategory {
  id: FaqCategoryId;
  title: string;
  entries: readonly FaqEntry[];
}

/**
 * One language's FAQ: the app's help centre, and the public destination pages' questions (storefront/faq.ts picks
 * some by id). Kept out of the locale catalogs, which every first screen loads: the app loads it on /support only.
 */
export type Faq = readonly FaqCategory[];
