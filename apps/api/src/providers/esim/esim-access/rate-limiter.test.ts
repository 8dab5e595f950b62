import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter.ts";

describe("the eSIM Access request limiter of one process", () => {
  it("lets buying go first: a background request waits while purchases wait", async () => {
    const limiter = createRateLimiter({ perSecond: 4 });
    const started: string[] = [];
    const start = (name: string, priority: "buying" | "background") =>
      limiter.run(async () => {
        started.push(name);
      }, priority);

    await Promise.all(Array.from({ length: 4 }, (_, index) => start(`buy-${index}`, "buying")));
    await Promise.all([
      start("refresh", "background"),
      ...Array.from({ length: 4 }, (_, index) => start(`buy-${4 + index}`, "buying")),
    ]);

    expect(started.at(-1)).toBe("refresh");
  });

  it("never gives background requests the last two slots of a second", async () => {
    const limiter = createRateLimiter({ perSecond: 4 });
    const startedMs: number[] = [];
    await Promise.all(
      Array.from({ length: 3 }, () =>
        limiter.run(async () => {
          startedMs.push(Date.now());
        }, "background"),
      ),
    );
    // The third waits for the first to leave the second.
    expect(startedMs[2]! - startedMs[0]!).toBeGreaterThanOrEqual(990);
  });
});
