import { isolate, isolateLtr } from "@esim/shared/bidi";
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDuration,
  formatNumber,
  formatPercent,
} from "@esim/shared/format";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";

// The console's numbers, dates and amounts: the product's one formatter (packages/shared/src/format.ts), the same in
// every language (US-style numbers, French-style dates with a 24-hour clock, "DA" after the amount), in Algiers time.
// Amounts and dates come isolated (bidi.ts): alone or in a sentence, an Arabic line keeps "120 DA" and
// "24/11/2026 13:00" in their order, not "DA 120" or "13:00 24/11/2026".

export interface ConsoleFormatters {
  number: (value: number) => string;
  percent: (ratio: number) => string;
  dateTime: (value: string) => string;
  date: (value: string) => string;
  day: (isoDate: string) => string;
  dzd: (amountMinor: number) => string;
  /** USD × 10 000, the upstream's unit. */
  usdE4: (amount: number) => string;
  /** Minutes of waiting as "2d 3h", "45m" in the reader's units. */
  age: (minutes: number) => string;
}

export function consoleFormatters(language: Language): ConsoleFormatters {
  return {
    number: formatNumber,
    percent: formatPercent,
    dateTime: (value) => isolateLtr(formatDateTime(value)),
    date: (value) => isolateLtr(formatDate(value)),
    day: (isoDate) => isolateLtr(formatDayMonth(isoDate)),
    dzd: (amountMinor) => isolate(formatMoney(amountMinor, "DZD")),
    usdE4: (amount) => isolate(formatMoney(Math.round(amount / 100), "USD")),
    age: (minutes) => formatDuration(minutes, language),
  };
}
