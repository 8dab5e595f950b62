// Display rules of the product description §9: numbers in US English style
// without forced fraction digits, dates in French style, masked card codes.

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const dateTimeFormat = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Africa/Algiers",
});
const dateFormat = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Africa/Algiers",
});

/** 1234.5 → "1,234.5"; 64 → "64". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "21/11/2026 14:05" in Algiers time. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(new Date(value));
}

/** "21/11/2026" in Algiers time. */
export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}

/** "123456789012" → "•••• 9012"; codes of 4 characters or fewer are shown as they are. */
export function maskCardCode(code: string): string {
  return code.length <= 4 ? code : `•••• ${code.slice(-4)}`;
}
