import { HTML_LANG, type Language } from "./locale.ts";

// Display rules: numbers in US English style
// without forced fraction digits, dates in French style (24-hour clock), masked card codes. Every screen, email and
// document writes numbers, dates and amounts through here, whatever its language (decision 076).

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

const dayMonthFormat = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", timeZone: "UTC" });
const percentFormat = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

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

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment's time of day on a zone's clock, 24-hour with Latin digits in every language: "09:05". */
export function formatTimeOfDay(value: Date, timeZone = "Africa/Algiers"): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
    timeFormats.set(timeZone, format);
  }
  return format.format(value);
}

/** A zone's offset from UTC at a moment, as people read it in every language: "UTC+1", "UTC−5", "UTC+5:30". */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "−" : "+";
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
}

/** 0.75 → "75%"; 0.1234 → "12.3%". */
export function formatPercent(ratio: number): string {
  return percentFormat.format(ratio);
}

/** A calendar day "2026-11-24" → "24/11" (no time zone moves it: it is a day, not a moment). */
export function formatDayMonth(isoDate: string): string {
  return dayMonthFormat.format(new Date(`${isoDate}T12:00:00Z`));
}

const durationFormats = new Map<string, Intl.NumberFormat>();

/**
 * Minutes as the reader's short units, Latin digits in every language: "2d 3h", "45m"; "2j 3h" in French, Arabic
 * units in Arabic (the units are the language's own, from Intl).
 */
export function formatDuration(minutes: number, language: Language): string {
  const unit = (value: number, name: "day" | "hour" | "minute") => {
    const key = `${language}:${name}`;
    let format = durationFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(`${HTML_LANG[language]}-u-nu-latn`, {
        style: "unit",
        unit: name,
        unitDisplay: "narrow",
      });
      durationFormats.set(key, format);
    }
    return format.format(value);
  };
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours > 0) return `${unit(hours, "hour")} ${unit(minutes % 60, "minute")}`;
  return unit(minutes, "minute");
}

/** "123456789012" → "•••• 9012"; codes of 4 characters or fewer are shown as they are. */
export function maskCardCode(code: string): string {
  return code.length <= 4 ? code : `•••• ${code.slice(-4)}`;
}
