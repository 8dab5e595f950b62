import * as z from "zod/mini";

// A plan as the console receives it: what it is made of (PlanNameParts) and where it goes, never the upstream's
// English name. The console names it in the operator's language with localPlanName (catalog/plan-name.ts).

export const consolePlanSchema = z.object({
  destinationCode: z.string(),
  /** Null with isUnlimited. */
  dataMb: z.nullable(z.number()),
  isUnlimited: z.boolean(),
  /** eSIM Access dataType: 2 and 3 a daily allowance. */
  dataType: z.number(),
  validityDays: z.number(),
  /** An operator's own titles per language (the catalogue screen). */
  nameOverrides: z.nullable(z.object({ fr: z.optional(z.string()), ar: z.optional(z.string()) })),
});
export type ConsolePlan = z.output<typeof consolePlanSchema>;

/** A plan row (or what a query picked of it) as the console receives it: its parts, not its upstream name. */
export function toConsolePlan(plan: {
  destinationCode: string;
  dataMb: number | null;
  isUnlimited: boolean;
  dataType: number;
  validityDays: number;
  nameOverrides: ConsolePlan["nameOverrides"] | undefined;
}): ConsolePlan {
  return {
    destinationCode: plan.destinationCode,
    dataMb: plan.dataMb,
    isUnlimited: plan.isUnlimited,
    dataType: plan.dataType,
    validityDays: plan.validityDays,
    nameOverrides: plan.nameOverrides ?? null,
  };
}
