import type { UpstreamPriority } from "../esim-port.ts";

/** Slots of the second a background request leaves to buying, as in the shared budget (decision 086). */
const BACKGROUND_RESERVE = 2;

/**
 * At most `perSecond` starts in any sliding second, in call order per priority. eSIM Access allows 8 requests/s per
 * account; this keeps one instance under it (several instances would need a shared limiter, e.g. in PostgreSQL). A
 * "background" start waits while a purchase waits and never takes the last BACKGROUND_RESERVE slots.
 */
export function createRateLimiter(options: { perSecond: number; nowMs?: () => number }) {
  const nowMs = options.nowMs ?? (() => Date.now());
  const recentStartsMs: number[] = [];
  const queues: Record<UpstreamPriority, Promise<void>> = { buying: Promise.resolve(), background: Promise.resolve() };
  let buyingWaiting = 0;

  function acquireSlot(priority: UpstreamPriority): Promise<void> {
    const isBackground = priority === "background";
    const limit = isBackground ? Math.max(1, options.perSecond - BACKGROUND_RESERVE) : options.perSecond;
    if (!isBackground) buyingWaiting++;
    const turn = queues[priority].then(async () => {
      for (;;) {
        const current = nowMs();
        while (recentStartsMs.length > 0 && recentStartsMs[0]! <= current - 1000) recentStartsMs.shift();
        if (recentStartsMs.length < limit && (!isBackground || buyingWaiting === 0)) {
          recentStartsMs.push(current);
          if (!isBackground) buyingWaiting--;
          return;
        }
        const freedInMs = recentStartsMs.length > 0 ? recentStartsMs[0]! + 1000 - current + 1 : 1;
        await new Promise((resolve) => setTimeout(resolve, isBackground ? Math.max(freedInMs, 50) : freedInMs));
      }
    });
    queues[priority] = turn;
    return turn;
  }

  return {
    /** Runs `task` once a slot is free. */
    async run<T>(task: () => Promise<T>, priority: UpstreamPriority = "buying"): Promise<T> {
      await acquireSlot(priority);
      return task();
    },
  };
}
