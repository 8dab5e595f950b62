import { useEffect, useState } from "react";

/** Past this, preparing an eSIM counts as slow and the page says so ("we are preparing your eSIM"). */
export const SLOW_PREPARATION_MS = 60_000;

/** Whether `sinceIso` (the order's creation) is longer ago than SLOW_PREPARATION_MS, updated as time passes. */
export function useIsSlow(sinceIso: string | undefined, isActive: boolean): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, [isActive]);
  if (!sinceIso || !isActive) return false;
  return now - new Date(sinceIso).getTime() > SLOW_PREPARATION_MS;
}
