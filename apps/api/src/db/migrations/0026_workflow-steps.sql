-- The named workflows' step completions (lib/workflow.ts, decision 066): one row per step a run finished, so a run
-- restarted after a crash (same workflow, same run id) skips the steps already done. A row is written once, never
-- changed; its output is what the step returned, given back to the later steps of a restarted run.
CREATE TABLE "workflow_steps" (
	"workflow" text NOT NULL,
	"run_id" text NOT NULL,
	"step" text NOT NULL,
	"output" jsonb,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_steps_pkey" PRIMARY KEY("workflow","run_id","step")
);
