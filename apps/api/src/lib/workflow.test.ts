import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { workflowSteps } from "./lib.schema.ts";
import { defineWorkflow, RunPaused, type StepOutput, WorkflowStepError } from "./workflow.ts";

const { db, deps } = await createTestApp();

/** A three-step workflow whose steps count their runs; `crashAt` makes one throw once, as a process dying there. */
function countingWorkflow(name: string, options: { crashAt?: string; sideEffects?: string[] } = {}) {
  const runs: Record<string, number> = { reserve: 0, charge: 0, notify: 0 };
  let hasCrashed = false;
  const step = (stepName: string, output: (outputs: Readonly<Record<string, StepOutput>>) => StepOutput) => ({
    name: stepName,
    async run({ outputs }: { outputs: Readonly<Record<string, StepOutput>> }) {
      runs[stepName]! += 1;
      options.sideEffects?.push(stepName);
      if (options.crashAt === stepName && !hasCrashed) {
        hasCrashed = true;
        throw new Error("the process died here");
      }
      return output(outputs);
    },
  });
  const workflow = defineWorkflow<{ amountMinor: number }>(name, [
    step("reserve", () => ({ reservation: "r-1" })),
    step("charge", (outputs) => ({ chargedFor: (outputs.reserve as { reservation: string }).reservation })),
    step("notify", (outputs) => `notified after ${(outputs.charge as { chargedFor: string }).chargedFor}`),
  ]);
  return { workflow, runs };
}

async function recordedSteps(workflow: string, runId: string) {
  const rows = await db
    .select({ step: workflowSteps.step, runId: workflowSteps.runId })
    .from(workflowSteps)
    .where(eq(workflowSteps.workflow, workflow))
    .orderBy(asc(workflowSteps.completedAt), asc(workflowSteps.step));
  return rows.filter((row) => row.runId === runId).map((row) => row.step);
}

describe("defineWorkflow", () => {
  it("runs the steps in order, giving each the earlier steps' outputs, and records each completion", async () => {
    const order: string[] = [];
    const { workflow } = countingWorkflow("in-order", { sideEffects: order });

    const run = await workflow.run(deps, { runId: "order-1", input: { amountMinor: 22_000 } });

    expect(order).toEqual(["reserve", "charge", "notify"]);
    expect(run.ran).toEqual(["reserve", "charge", "notify"]);
    expect(run.outputs.notify).toBe("notified after r-1");
    expect(new Set(await recordedSteps("in-order", "order-1"))).toEqual(new Set(["reserve", "charge", "notify"]));
  });

  it("resumes a run restarted after a crash between steps at the interrupted step, never repeating a finished one", async () => {
    const { workflow, runs } = countingWorkflow("crash-between", { crashAt: "charge" });

    await expect(workflow.run(deps, { runId: "order-2", input: { amountMinor: 100 } })).rejects.toThrow(
      WorkflowStepError,
    );
    expect(runs).toEqual({ reserve: 1, charge: 1, notify: 0 });
    expect(await recordedSteps("crash-between", "order-2")).toEqual(["reserve"]);

    const restarted = await workflow.run(deps, { runId: "order-2", input: { amountMinor: 100 } });

    expect(restarted.skipped).toEqual(["reserve"]);
    expect(restarted.ran).toEqual(["charge", "notify"]);
    expect(runs).toEqual({ reserve: 1, charge: 2, notify: 1 });
    // The skipped step's output comes back from the table to the steps after it.
    expect(restarted.outputs.notify).toBe("notified after r-1");
  });

  it("resumes from the table, not from memory: a new process (a fresh definition) skips what the first finished", async () => {
    const first = countingWorkflow("new-process", { crashAt: "notify" });
    await expect(first.workflow.run(deps, { runId: "order-3", input: { amountMinor: 1 } })).rejects.toThrow();

    const second = countingWorkflow("new-process");
    const run = await second.workflow.run(deps, { runId: "order-3", input: { amountMinor: 1 } });

    expect(second.runs).toEqual({ reserve: 0, charge: 0, notify: 1 });
    expect(run.outputs.notify).toBe("notified after r-1");
  });

  it("does nothing when a finished run is run again, and keeps runs of other ids apart", async () => {
    const { workflow, runs } = countingWorkflow("finished");
    await workflow.run(deps, { runId: "order-4", input: { amountMinor: 1 } });

    const again = await workflow.run(deps, { runId: "order-4", input: { amountMinor: 1 } });
    await workflow.run(deps, { runId: "order-5", input: { amountMinor: 1 } });

    expect(again.ran).toEqual([]);
    expect(runs).toEqual({ reserve: 2, charge: 2, notify: 2 });
  });

  it("stops at a failing step, names it in the error and the log, and runs none of the steps after it", async () => {
    const logged: object[] = [];
    const log = { info() {}, warn() {}, error: (details: object) => logged.push(details) };
    const { workflow, runs } = countingWorkflow("failing", { crashAt: "charge" });

    const failure = await workflow.run(deps, { runId: "order-6", input: { amountMinor: 1 }, log }).catch((e) => e);

    expect(failure).toBeInstanceOf(WorkflowStepError);
    expect(failure.message).toBe("workflow failing, run order-6: step charge failed: the process died here");
    expect(failure).toMatchObject({ workflow: "failing", runId: "order-6", step: "charge" });
    expect(logged).toEqual([expect.objectContaining({ workflow: "failing", runId: "order-6", step: "charge" })]);
    expect(runs.notify).toBe(0);
  });

  it("ends quietly at a step that pauses, leaving it unrecorded so the next run starts there", async () => {
    const logged: object[] = [];
    const log = { info() {}, warn() {}, error: (details: object) => logged.push(details) };
    let isReady = false;
    const ran: string[] = [];
    const workflow = defineWorkflow<null>("pausing", [
      { name: "ask", run: () => void ran.push("ask") },
      {
        name: "wait",
        run: () => {
          ran.push("wait");
          if (!isReady) throw new RunPaused("not ready yet");
          return "ready";
        },
      },
      { name: "finish", run: () => void ran.push("finish") },
    ]);

    const paused = await workflow.run(deps, { runId: "order-7", input: null, log });
    expect(paused).toMatchObject({ ran: ["ask"], pausedAt: "wait" });
    expect(await recordedSteps("pausing", "order-7")).toEqual(["ask"]);
    expect(logged).toEqual([]);

    isReady = true;
    const resumed = await workflow.run(deps, { runId: "order-7", input: null, log });
    expect(resumed).toMatchObject({ ran: ["wait", "finish"], skipped: ["ask"] });
    expect(resumed.pausedAt).toBeUndefined();
    expect(ran).toEqual(["ask", "wait", "wait", "finish"]);
  });

  it("refuses two steps of one name (they would share a completion)", () => {
    const step = { name: "same", run: () => null };
    expect(() => defineWorkflow("twice", [step, step])).toThrow("workflow twice: two steps are named same");
  });
});
