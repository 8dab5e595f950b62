import type { SupportConfig } from "@esim/shared/support/contracts";
import { useEffect, useState } from "react";
import { ClockIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";
import { describeHours, deviceTimeZone } from "./describe-hours.ts";

interface SupportHoursProps {
  hours: SupportConfig["hours"];
  /** Injected by tests; the device's clock and zone otherwise. */
  now?: Date;
  timeZone?: string;
}

/** The time, again every minute: a page left open says "closed" once support closes. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** When a person answers: in Algerian time, in the traveller's own time when it differs, and open or closed now. */
export function SupportHours({ hours, now, timeZone = deviceTimeZone() }: SupportHoursProps) {
  const t = useT();
  const clock = useMinuteClock();
  const described = describeHours(hours, now ?? clock, timeZone);
  const yes = (value: boolean) => (value ? "yes" : "no");
  return (
    <div className="flex items-start gap-3 rounded-2xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200/80">
      <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">
          {described.isOpen
            ? t("support.hoursOpenNow", { time: described.changesAt, yourTime: yes(described.local !== null) })
            : t("support.hoursClosedNow", { time: described.changesAt, yourTime: yes(described.local !== null) })}
        </p>
        <p>
          {t("support.hoursAlgiers", {
            opens: described.algiers.opens,
            closes: described.algiers.closes,
            nextDay: yes(described.algiers.closesNextDay),
          })}
        </p>
        {described.local ? (
          <p>
            {t("support.hoursLocal", {
              opens: described.local.opens,
              closes: described.local.closes,
              nextDay: yes(described.local.closesNextDay),
              offset: described.local.offset,
            })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
