// The shop's documents are numbered per year, without gaps, each series with its letter: invoices F, credit notes A,
// store credit receipts R (F2026-000001). One rule for the year and the number's shape; each series keeps its own
// counter table, bumped in the transaction that writes the document.

const algiersYear = new Intl.DateTimeFormat("en-US", { timeZone: "Africa/Algiers", year: "numeric" });

/** The year of an instant in Africa/Algiers: the year a document is numbered in. */
export function algiersYearOf(at: Date): number {
  return Number(algiersYear.format(at));
}

/** F2026-000001, A2026-000001, R2026-000001 (more digits past a million). */
export function formatYearlyNumber(series: "F" | "A" | "R", year: number, sequence: number): string {
  return `${series}${year}-${String(sequence).padStart(6, "0")}`;
}
