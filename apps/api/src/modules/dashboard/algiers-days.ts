import { DASHBOARD_TIME_ZONE } from "@esim/shared/console/dashboard-contract";

// Calendar days in the shop's time zone. Algeria keeps UTC+1 all year today, but the offset is read from the time zone
// database rather than written here, so a day always starts at that zone's midnight.

const DAY_MS = 86_400_000;

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: DASHBOARD_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: DASHBOARD_TIME_ZONE, timeZoneName: "longOffset" });

/** The zone's calendar day of an instant, YYYY-MM-DD. */
export function dayOf(instant: Date): string {
  return dayFormat.format(instant);
}

/** The day `count` days after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at an instant, in milliseconds ("GMT+01:00" → 3 600 000). */
function offsetMsAt(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -1 : 1) * minutes * 60_000;
}

/** The first instant of a YYYY-MM-DD day in the zone (its midnight). */
export function midnightOf(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date);
  const guess = asUtc - offsetMsAt(new Date(asUtc));
  // Where the offset changed within those hours, the offset at the guess itself is the right one.
  return new Date(asUtc - offsetMsAt(new Date(guess)));
}
