import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import type { AppDeps } from "./deps.ts";
import type { JobLog } from "./job-queue.ts";
import { workflowSteps } from "./lib.schema.ts";

// A named workflow: a flow that spans modules (place an order, settle a payment, cancel and refund) as one ordered list
// of named steps, each calling a module's front door (decision 066; Medusa's core-flows are the
// model, not its engine; decision 066). Each finished step is recorded in workflow_steps under (workflow, run id):
// a run started again with the same id after a crash skips the steps already done and repeats at most the one that
// was interrupted, so every step must be idempotent (keyed by the run id: a ledger entry, an outbox row, an upstream
// call with the order id as its transaction id). A step that throws stops the run, the step named in the error and
// the log line; calling `run` again (the job's retry) resumes at that step. There is no undo: a step that must be
// compensated is followed by steps that move forward (a refund owed, an operator flag), never by a rollback.
//
//   const refundOrder = defineWorkflow<{ orderId: string }>("refund-order", [
//     { name: "record-refund-owed", run: ({ deps, input }) => recordRefundOwed(deps, input.orderId) },
//     { name: "issue-credit-note", run: ({ deps, input, outputs }) => issueCreditNote(deps, outputs["record-refund-owed"]) },
//   ]);
//   await refundOrder.run(deps, { runId: orderId, input: { orderId } });
//
// Runs of one id are not meant to overlap: start them from one place (a job keyed by the run id). Overlapping runs
// may both run a step not yet recorded; idempotent steps make that harmless, the first record wins.

/** What a step may return and hand to the later steps: stored as JSON. */
export type StepOutput = string | number | boolean | null | StepOutput[] | { [key: string]: StepOutput };

export interface StepContext<Input> {
  deps: AppDeps;
  input: Input;
  /** The run's id within its workflow (e.g. the order id). */
  runId: string;
  /** What each step done before this one returned, by step name (read back from the table on a restarted run). */
  outputs: Readonly<Record<string, StepOutput>>;
  log: JobLog;
}

export interface WorkflowStep<Input> {
  /** Unique within the workflow; kept in workflow_steps, so renaming a step reruns it in runs under way. */
  name: string;
  /** Does the step, idempotently; its result (JSON, or nothing) is recorded with its completion. */
  run(context: StepContext<Input>): Promise<StepOutput | undefined> | StepOutput | undefined;
}

export interface WorkflowRun {
  /** Each step's output, by name. */
  outputs: Record<string, StepOutput>;
  /** Steps run by this call, in order. */
  ran: string[];
  /** Steps an earlier run had finished, skipped by this one. */
  skipped: string[];
  /** The step that paused the run (it threw RunPaused): left unrecorded, so the next run starts there. */
  pausedAt?: string;
}

export interface Workflow<Input> {
  name: string;
  /** The step names, in order. */
  steps: readonly string[];
  /** Runs the steps not yet done for `runId`, in order; throws WorkflowStepError at the first that fails. */
  run(deps: AppDeps, options: { runId: string; input: Input; log?: JobLog }): Promise<WorkflowRun>;
}

/** A step threw: the run stopped there; the steps before it stay done, the ones after it did not run. */
export class WorkflowStepError extends Error {
  constructor(
    readonly workflow: string,
    readonly runId: string,
    readonly step: string,
    cause: unknown,
  ) {
    super(
      `workflow ${workflow}, run ${runId}: step ${step} failed: ${cause instanceof Error ? cause.message : cause}`,
      {
        cause,
      },
    );
    this.name = "WorkflowStepError";
  }
}

/**
 * Thrown by a step that cannot finish yet and has itself arranged the next run (a later job): the run ends quietly
 * there, nothing after it runs and the step is not recorded. Not a failure: nothing is logged, nothing is thrown.
 */
export class RunPaused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "RunPaused";
  }
}

const silentLog: JobLog = { info() {}, warn() {}, error() {} };

/** Declares a workflow; step names must be unique (they key the completions). */
export function defineWorkflow<Input>(name: string, steps: readonly WorkflowStep<Input>[]): Workflow<Input> {
  const names = steps.map((step) => step.name);
  const repeated = names.find((stepName, index) => names.indexOf(stepName) !== index);
  if (repeated !== undefined) throw new Error(`workflow ${name}: two steps are named ${repeated}`);
  return {
    name,
    steps: names,
    async run(deps, { runId, input, log = silentLog }) {
      const done = await findFinishedSteps(deps, name, runId);
      const outputs: Record<string, StepOutput> = {};
      const result: WorkflowRun = { outputs, ran: [], skipped: [] };
      for (const step of steps) {
        if (done.has(step.name)) {
          outputs[step.name] = done.get(step.name) ?? null;
          result.skipped.push(step.name);
          continue;
        }
        let output: StepOutput;
        try {
          output = (await step.run({ deps, input, runId, outputs: { ...outputs }, log })) ?? null;
        } catch (error) {
          if (error instanceof RunPaused) {
            result.pausedAt = step.name;
            return result;
          }
          log.error({ workflow: name, runId, step: step.name, err: error }, "a workflow step failed; the run stops");
          throw new WorkflowStepError(name, runId, step.name, error);
        }
        await recordFinishedStep(deps, { workflow: name, runId, step: step.name, output, now: deps.now() });
        outputs[step.name] = output;
        result.ran.push(step.name);
      }
      return result;
    },
  };
}

/**
 * Blanks a finished step's recorded output inside the caller's transaction: for secrets a later step has stored where
 * they belong (an eSIM's activation code), so the run's record does not keep a second copy. Only for a run that this
 * transaction ends: a later step that still reads the output would find null.
 */
export async function forgetStepOutput(
  tx: DbOrTx,
  step: { workflow: string; runId: string; step: string },
): Promise<void> {
  await tx
    .update(workflowSteps)
    .set({ output: null })
    .where(
      and(
        eq(workflowSteps.workflow, step.workflow),
        eq(workflowSteps.runId, step.runId),
        eq(workflowSteps.step, step.step),
      ),
    );
}

async function findFinishedSteps(deps: AppDeps, workflow: string, runId: string): Promise<Map<string, StepOutput>> {
  const rows = await deps.db
    .select({ step: workflowSteps.step, output: workflowSteps.output })
    .from(workflowSteps)
    .where(and(eq(workflowSteps.workflow, workflow), eq(workflowSteps.runId, runId)));
  return new Map(rows.map((row) => [row.step, row.output as StepOutput]));
}

/** Records a finished step once: an overlapping run's record is kept, never overwritten. */
async function recordFinishedStep(
  deps: AppDeps,
  row: { workflow: string; runId: string; step: string; output: StepOutput; now: Date },
): Promise<void> {
  await deps.db
    .insert(workflowSteps)
    .values({ workflow: row.workflow, runId: row.runId, step: row.step, output: row.output, completedAt: row.now })
    .onConflictDoNothing();
}
