/**
 * At most `perSecond` starts in any sliding second, in call order. eSIM Access allows 8 requests/s per account;
 * this keeps one instance under it (several instances would need a shared limiter, e.g. in PostgreSQL).
 */
export function createRateLimiter(options: { perSecond: number; nowMs?: () => number }) {
  const nowMs = options.nowMs ?? (() => Date.now());
  const recentStartsMs: number[] = [];
  let queue: Promise<void> = Promise.resolve();

  function acquireSlot(): Promise<void> {
    const turn = queue.then(async () => {
      for (;;) {
        const current = nowMs();
        while (recentStartsMs.length > 0 && recentStartsMs[0]! <= current - 1000) recentStartsMs.shift();
        if (recentStartsMs.length < options.perSecond) {
          recentStartsMs.push(current);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, recentStartsMs[0]! + 1000 - current + 1));
      }
    });
    queue = turn;
    return turn;
  }

  return {
    /** Runs `task` once a slot is free. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquireSlot();
      return task();
    },
  };
}
