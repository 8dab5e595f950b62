// The shop's calendar days are Africa/Algiers days: a range of days typed in the console (the accountant's
// invoices, the orders list) is the instants from the first day's midnight to the midnight after the last.

/** The first instant of an Algiers calendar day, YYYY-MM-DD (UTC+1 all year: Algeria keeps no summer time). */
export function algiersDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+01:00`);
}

/** The midnight that ends an Algiers calendar day, YYYY-MM-DD (the next day's first instant). */
export function algiersDayEnd(day: string): Date {
  const end = algiersDayStart(day);
  end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/** The instants [from, to) of the Algiers days from `from` to `to` (YYYY-MM-DD, both included). */
export function algiersDays(days: { from: string; to: string }): { from: Date; to: Date } {
  return { from: algiersDayStart(days.from), to: algiersDayEnd(days.to) };
}

const algiersDateFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" });

/** The Algiers calendar day an instant falls in, YYYY-MM-DD. */
export function algiersDayOf(instant: Date): string {
  return algiersDateFormat.format(instant);
}

/** The Algiers calendar month an instant falls in, YYYY-MM: what a monthly cap counts in. */
export function algiersMonthOf(instant: Date): string {
  return algiersDayOf(instant).slice(0, 7);
}

/** The first instant of the Algiers calendar month an instant falls in. */
export function algiersMonthStart(instant: Date): Date {
  return algiersDayStart(`${algiersMonthOf(instant)}-01`);
}
