import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

/** Fixed-window counters shared by every API instance (sign-in limits per address and per email). */
export const rateCounters = pgTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/**
 * The named workflows' finished steps (lib/workflow.ts, decision 066): a run restarted after a crash skips these. The
 * output is the step's JSON result, given back to the later steps of the restarted run.
 */
export const workflowSteps = pgTable(
  "workflow_steps",
  {
    workflow: text("workflow").notNull(),
    /** The run's id within its workflow, e.g. the order id: the same id resumes the same run. */
    runId: text("run_id").notNull(),
    step: text("step").notNull(),
    output: jsonb("output"),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: "workflow_steps_pkey", columns: [table.workflow, table.runId, table.step] })],
);
