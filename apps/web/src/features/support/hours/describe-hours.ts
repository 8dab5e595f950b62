import { formatTimeOfDay, formatUtcOffset } from "@esim/shared/format";
import { type SupportHours, supportWindowAt, zoneOffsetMinutes } from "@esim/shared/support/hours";

/** A window as one clock shows it: "22:00"–"04:00", the closing on the day after when it passes midnight. */
export interface ClockWindow {
  opens: string;
  closes: string;
  closesNextDay: boolean;
}

/** What the hours line says: Algerian time, the traveller's own when it differs, and whether a person answers now. */
export interface HoursDescription {
  algiers: ClockWindow;
  /** Null when the traveller's clock shows Algerian time (said once). */
  local: (ClockWindow & { offset: string }) | null;
  isOpen: boolean;
  /** When it closes (open) or opens (closed), on the traveller's clock. */
  changesAt: string;
}

function dayOf(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    moment,
  );
}

function clockWindow(opensAt: Date, closesAt: Date, timeZone: string): ClockWindow {
  return {
    opens: formatTimeOfDay(opensAt, timeZone),
    closes: formatTimeOfDay(closesAt, timeZone),
    closesNextDay: dayOf(opensAt, timeZone) !== dayOf(closesAt, timeZone),
  };
}

/** The traveller's time zone, as the device says (Intl). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Support's hours around `now` as read in Algiers (`hours.timeZone`) and in `localZone`. */
export function describeHours(
  hours: SupportHours & { timeZone: string },
  now: Date,
  localZone: string,
): HoursDescription {
  const window = supportWindowAt(hours, now);
  const algiers = clockWindow(window.opensAt, window.closesAt, hours.timeZone);
  const local = clockWindow(window.opensAt, window.closesAt, localZone);
  const isSameClock =
    zoneOffsetMinutes(window.opensAt, localZone) === zoneOffsetMinutes(window.opensAt, hours.timeZone) &&
    zoneOffsetMinutes(window.closesAt, localZone) === zoneOffsetMinutes(window.closesAt, hours.timeZone);
  return {
    algiers,
    local: isSameClock ? null : { ...local, offset: formatUtcOffset(zoneOffsetMinutes(now, localZone)) },
    isOpen: window.isOpen,
    changesAt: formatTimeOfDay(window.isOpen ? window.closesAt : window.opensAt, localZone),
  };
}
