import { useEffect, useState } from "react";

/** Whole seconds left until `deadlineMs` (epoch ms), ticking every second; 0 once passed or without a deadline. */
export function useCountdown(deadlineMs: number | null): number {
  const secondsLeft = () => (deadlineMs === null ? 0 : Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(secondsLeft);

  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft only reads deadlineMs.
  useEffect(() => {
    setSeconds(secondsLeft());
    if (deadlineMs === null) return;
    const timer = setInterval(() => {
      const left = secondsLeft();
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadlineMs]);

  return seconds;
}
