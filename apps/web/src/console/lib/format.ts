import { DASHBOARD_TIME_ZONE } from "@esim/shared/admin/dashboard-contract";
import { HTML_LANG, type Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";

// The console's numbers and dates in the interface language (Latin digits in Arabic too, as money is written by
// formatMoney), dates in the shop's time zone.

export interface ConsoleFormatters {
  number: (value: number) => string;
  percent: (ratio: number) => string;
  dateTime: (value: string) => string;
  day: (isoDate: string) => string;
  dzd: (amountMinor: number) => string;
  /** USD × 10 000, the upstream's unit. */
  usdE4: (amount: number) => string;
  /** Minutes of waiting as "2 d 3 h", "45 min". */
  age: (minutes: number) => string;
}

export function consoleFormatters(language: Language): ConsoleFormatters {
  const locale = `${HTML_LANG[language]}-u-nu-latn`;
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: DASHBOARD_TIME_ZONE,
  });
  // A calendar day (YYYY-MM-DD) is read at noon UTC so no time zone moves it to the day before.
  const day = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const unit = (value: number, name: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "narrow" }).format(value);
  return {
    number: (value) => number.format(value),
    percent: (ratio) => percent.format(ratio),
    dateTime: (value) => dateTime.format(new Date(value)),
    day: (isoDate) => day.format(new Date(`${isoDate}T12:00:00Z`)),
    dzd: (amountMinor) => formatMoney(amountMinor, "DZD"),
    usdE4: (amount) => formatMoney(Math.round(amount / 100), "USD"),
    age: (minutes) => {
      const days = Math.floor(minutes / 1440);
      const hours = Math.floor((minutes % 1440) / 60);
      if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
      if (hours > 0) return `${unit(hours, "hour")} ${unit(minutes % 60, "minute")}`;
      return unit(minutes, "minute");
    },
  };
}
