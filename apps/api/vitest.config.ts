import { defineProject } from "vitest/config";

/** What both API projects share: one embedded PostgreSQL for the run, a database of its own for every test file. */
export const apiTestSettings = {
  environment: "node",
  globalSetup: ["src/test/global-setup.ts"],
  testTimeout: 20_000,
  hookTimeout: 60_000,
} as const;

/** The files that need a module graph of their own (vitest.isolated.config.ts runs them), each for its reason. */
export const ISOLATED_FILES = [
  // They replace a module with vi.mock: the mock must reach no other file.
  "src/flows/provision-order.test.ts",
  "src/modules/checkout/gateway-fee.test.ts",
  "src/modules/invoices/credit-note-documents.test.ts",
  "src/modules/invoices/invoices.test.ts",
  // They read PDFs with pdfjs-dist, which fails to load a second time in a process that already ran other files.
  "src/emails-and-documents-words.test.ts",
  "src/modules/invoices/invoice-pdf.test.ts",
  "src/modules/invoices/invoicing-console.test.ts",
  "src/modules/referrals/referral-invoice.test.ts",
  // A console order's "paid by" answered 500 once after other files of a shared graph, never alone: until that is
  // understood, the file keeps a graph of its own.
  "src/modules/pay-links/pay-links.test.ts",
];

export default defineProject({
  test: {
    ...apiTestSettings,
    name: "api",
    include: ["src/**/*.test.ts"],
    exclude: ISOLATED_FILES,
    // Files of a worker share one module graph: importing the whole app costs seconds per file, and every app's
    // state hangs off its own deps, never a module's (decision 102).
    isolate: false,
  },
});
