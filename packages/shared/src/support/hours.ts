// Support's opening hours (decision 081): one daily window in Algerian time, as configured (SUPPORT_HOURS), and the
// moments it opens and closes, which each screen shows in Algerian time and in the traveller's own.

/** The time zone support's hours are stated in: Algeria's, whatever the traveller's. */
export const SUPPORT_TIME_ZONE = "Africa/Algiers";

/** A daily window, "HH:MM" each; `closes` at or before `opens` runs past midnight, "24:00" closes at midnight. */
export interface SupportHours {
  opens: string;
  closes: string;
}

export const DEFAULT_SUPPORT_HOURS: SupportHours = { opens: "09:00", closes: "21:00" };

const WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** "09:00-21:00" (spaces and an en dash allowed) → its window; undefined when it is not one or is empty. */
export function parseSupportHours(text: string): SupportHours | undefined {
  const compact = text.replace(/\s+/g, "").replace("–", "-");
  const match = WINDOW.exec(compact);
  if (!match) return undefined;
  const [opens, closes] = compact.split("-") as [string, string];
  if (minutesOfDay(opens) === minutesOfDay(closes) % DAY_MINUTES && closes !== "24:00") return undefined;
  return { opens, closes };
}

const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far a zone's wall clock is ahead of UTC at a moment, in minutes (Intl knows every zone's rules). */
export function zoneOffsetMinutes(moment: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    offsetFormats.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(moment).find((entry) => entry.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((wall - Math.floor(moment.getTime() / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/** Support's window around a moment: open now until `closesAt`, or closed until `opensAt`. */
export interface SupportWindow {
  isOpen: boolean;
  /** The opening of the current window when open, of the next one when closed. */
  opensAt: Date;
  closesAt: Date;
}

/** Where `now` falls in support's daily window, in Algerian time. */
export function supportWindowAt(hours: SupportHours, now: Date): SupportWindow {
  const offset = zoneOffsetMinutes(now, SUPPORT_TIME_ZONE);
  // Minutes since the epoch on Algiers' wall clock, and the start of its day.
  const wallNow = Math.floor(now.getTime() / MINUTE_MS) + offset;
  const dayStart = Math.floor(wallNow / DAY_MINUTES) * DAY_MINUTES;
  const opens = minutesOfDay(hours.opens);
  const closes = minutesOfDay(hours.closes);
  const length = closes > opens ? closes - opens : closes + DAY_MINUTES - opens;
  let start = dayStart + opens;
  // A window running past midnight that opened yesterday may still be open.
  if (start > wallNow && start - DAY_MINUTES + length > wallNow) start -= DAY_MINUTES;
  if (start + length <= wallNow) start += DAY_MINUTES;
  const moment = (wallMinutes: number) => new Date((wallMinutes - offset) * MINUTE_MS);
  return { isOpen: start <= wallNow, opensAt: moment(start), closesAt: moment(start + length) };
}

/** What the shop may promise from its hours: a person round the clock, or every day in one window (Algerian time). */
export interface SupportPromise {
  roundTheClock: boolean;
  opens: string;
  closes: string;
  /** The window runs past midnight: it closes on the next day. */
  closesNextDay: boolean;
}

/**
 * The promise the marketing lines make, from the configured hours: the FAQ and the claim form are always there, a
 * person only in the window. "00:00-24:00" is the one window that makes a person answer at any hour.
 */
export function supportPromiseOf(hours: SupportHours): SupportPromise {
  const opens = minutesOfDay(hours.opens);
  const closes = minutesOfDay(hours.closes);
  return {
    roundTheClock: opens === 0 && closes === DAY_MINUTES,
    opens: hours.opens,
    closes: hours.closes,
    closesNextDay: closes <= opens,
  };
}

/** The message values of a line stating the promise (`roundClock`, `opens`, `closes`, `nextDay`). */
export function supportPromiseValues(
  hours: SupportHours,
): Record<"roundClock" | "opens" | "closes" | "nextDay", string> {
  const promise = supportPromiseOf(hours);
  return {
    roundClock: promise.roundTheClock ? "yes" : "no",
    opens: promise.opens,
    closes: promise.closes,
    nextDay: promise.closesNextDay ? "yes" : "no",
  };
}
