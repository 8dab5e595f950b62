import { CODE_TTL_MINUTES } from "@esim/shared/auth/contracts";
import { REFUND_PROMISE_DAYS } from "@esim/shared/console/refunds-contract";
import { CANCELLATION_WINDOW_HOURS } from "@esim/shared/esims/contracts";
import type { LegalPage } from "@esim/shared/legal-pages";

// What the legal documents are made of, apart from their texts (content/{fr,en,ar}.ts read it; legal-documents.ts
// puts them together).

/** The seller as invoices name them (the identity set with `seller:set`), with the ways to reach them. */
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
  /** YYYY-MM-DD: the terms' version a checkout records (TERMS_VERSION). */
  updatedOn: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/**
 * The figures the documents promise, read from the constants the code applies, so a rule and its sentence cannot
 * drift apart. Those that live in the API (its configuration's defaults, its sweeps) are repeated here and checked
 * against the API's constants by apps/api/src/modules/invoices/legal-facts.test.ts.
 */
export const LEGAL_FACTS = {
  /** An unused eSIM can be cancelled this long after payment (the cancellation service's window). */
  cancellationWindowHours: CANCELLATION_WINDOW_HOURS,
  /** A refund owed is paid within this many days of the payment. */
  refundDays: REFUND_PROMISE_DAYS,
  /** A sign-in code works this long. */
  signInCodeMinutes: CODE_TTL_MINUTES,
  /** Sign-in codes are deleted by the upkeep sweep once this old. */
  signInCodeKeptHours: 24,
  /** A session (a signed-in device) lasts this long without use (SESSION_TTL_DAYS's default). */
  sessionDays: 30,
  /** An email that could not be sent keeps its content this long (GIVEN_UP_EMAIL_KEPT_DAYS, decision 059). */
  unsentEmailKeptDays: 7,
  /** After an account's deletion, its eSIMs' install secrets are cleared within this delay (the upkeep sweep). */
  deletedAccountSweepMinutes: 15,
  /** Orders and invoices are kept this long for the accounts (decision 059). */
  accountingYears: 10,
  /** Per-email sign-in counters last this long (decision 059). */
  signInCounterHours: 1,
} as const;
export type LegalFacts = typeof LEGAL_FACTS;

/** What a language's content file gives: the three documents without their date, which is the terms' version. */
export type LegalContent = (
  facts: LegalFacts,
  seller: SellerIdentity | null,
) => Record<LegalPage, Omit<LegalDocument, "updatedOn">>;
