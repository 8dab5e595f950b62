import type { PlanNameOverrides } from "@esim/shared/catalog/plan-name";
import {
  type CatalogueDestinationView,
  type CataloguePlanView,
  DESTINATION_ENTITY,
  DESTINATION_UPDATE_ACTION,
  PLAN_ENTITY,
  PLAN_UPDATE_ACTION,
} from "@esim/shared/console/prices-contract";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import {
  type DestinationRow,
  listDestinationPackagesForConsole,
  listDestinationsForConsole,
  lockCatalogWrites,
  lockDestination,
  lockPackage,
  notifyCatalogChanged,
  type PackageRow,
  updateDestinationVisibility,
  updatePackageVisibility,
} from "./catalog.repo.ts";

// The operator's say over the catalogue: hide a destination or a plan the upstream lists, mark a destination popular.
// The shop's read cache leaves hidden rows out (pages, search, sitemap) and checkout refuses them; a sync keeps them.

type ConsoleDestinationRow = Awaited<ReturnType<typeof listDestinationsForConsole>>[number];

function presentDestination(row: ConsoleDestinationRow): CatalogueDestinationView {
  const { destination } = row;
  return {
    code: destination.code,
    type: destination.type,
    names: { fr: destination.nameFr, en: destination.nameEn, ar: destination.nameAr },
    isHidden: destination.isHidden,
    isPopular: destination.popularOverride ?? destination.isPopular,
    isPopularSetByOperator: destination.popularOverride !== null,
    planCount: row.planCount,
    hiddenPlanCount: row.hiddenPlanCount,
  };
}

function presentPlan(row: PackageRow): CataloguePlanView {
  return {
    id: row.id,
    dataMb: row.isUnlimited ? null : row.dataMb,
    isUnlimited: row.isUnlimited,
    dataType: row.dataType,
    validityDays: row.validityDays,
    isTopUp: row.isTopUp,
    retailDzdMinor: row.retailDzdMinor,
    isHidden: row.isHidden,
    nameOverrides: { fr: row.nameOverrides?.fr ?? null, ar: row.nameOverrides?.ar ?? null },
  };
}

async function findConsoleDestination(deps: Pick<AppDeps, "db">, code: string) {
  const [row] = await listDestinationsForConsole(deps.db, code);
  if (!row) throw new AppError("DESTINATION_NOT_FOUND", { message: `No destination ${code} in the catalogue.` });
  return row;
}

/** Every destination the upstream lists, hidden ones included, by French name. */
export async function listConsoleDestinations(deps: Pick<AppDeps, "db">): Promise<CatalogueDestinationView[]> {
  return (await listDestinationsForConsole(deps.db)).map(presentDestination);
}

/** One destination and its plans (base and top-ups), hidden ones included; DESTINATION_NOT_FOUND. */
export async function listConsoleDestinationPlans(deps: Pick<AppDeps, "db">, input: { code: string }) {
  const destination = presentDestination(await findConsoleDestination(deps, input.code));
  const plans = await listDestinationPackagesForConsole(deps.db, destination.code);
  return { destination, plans: plans.map(presentPlan) };
}

function visibilityOf(row: DestinationRow) {
  return { isHidden: row.isHidden, popularOverride: row.popularOverride };
}

/**
 * Hides or shows a destination and sets its popularity (null: the default list), audited with before and after in
 * the same transaction, every instance's catalogue refreshed on commit. The same values again change nothing.
 */
export async function changeDestinationVisibility(
  deps: Pick<AppDeps, "db" | "now">,
  input: { code: string; isHidden?: boolean | undefined; isPopular?: boolean | null | undefined; actor: AuditActor },
): Promise<CatalogueDestinationView> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const row = await lockDestination(tx, input.code);
    if (!row?.isActive) {
      throw new AppError("DESTINATION_NOT_FOUND", { message: `No destination ${input.code} in the catalogue.` });
    }
    const before = visibilityOf(row);
    const after = {
      isHidden: input.isHidden ?? before.isHidden,
      popularOverride: input.isPopular === undefined ? before.popularOverride : input.isPopular,
    };
    if (after.isHidden === before.isHidden && after.popularOverride === before.popularOverride) return;
    await updateDestinationVisibility(tx, row.code, { ...after, now });
    await notifyCatalogChanged(tx);
    await recordAudit(tx, {
      operatorId: input.actor.operatorId,
      action: DESTINATION_UPDATE_ACTION,
      entityType: DESTINATION_ENTITY,
      entityId: row.code,
      before,
      after,
      ip: input.actor.ip,
      now,
    });
  });
  return presentDestination(await findConsoleDestination(deps, input.code));
}

/** Trimmed overrides without blanks, or null when none is left. */
function cleanOverrides(overrides: { fr?: string | null; ar?: string | null }): PlanNameOverrides | null {
  const fr = overrides.fr?.trim() || undefined;
  const ar = overrides.ar?.trim() || undefined;
  if (!fr && !ar) return null;
  return { ...(fr ? { fr } : {}), ...(ar ? { ar } : {}) };
}

/**
 * Hides or shows one plan and sets its own French and Arabic titles (null or blank: ours again), audited in the same
 * transaction, the catalogue refreshed; PACKAGE_NOT_FOUND. The same values again change nothing.
 */
export async function changePlanVisibility(
  deps: Pick<AppDeps, "db" | "now">,
  input: {
    packageId: string;
    isHidden?: boolean | undefined;
    nameOverrides?: { fr: string | null; ar: string | null } | undefined;
    actor: AuditActor;
  },
): Promise<CataloguePlanView> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const row = await lockPackage(tx, input.packageId);
    if (!row?.isActive) throw new AppError("PACKAGE_NOT_FOUND", { message: "No such plan in the catalogue." });
    const isHidden = input.isHidden ?? row.isHidden;
    const nameOverrides = input.nameOverrides ? cleanOverrides(input.nameOverrides) : row.nameOverrides;
    if (isHidden === row.isHidden && JSON.stringify(nameOverrides) === JSON.stringify(row.nameOverrides)) {
      return presentPlan(row);
    }
    await updatePackageVisibility(tx, row.id, { isHidden, nameOverrides });
    await notifyCatalogChanged(tx);
    await recordAudit(tx, {
      operatorId: input.actor.operatorId,
      action: PLAN_UPDATE_ACTION,
      entityType: PLAN_ENTITY,
      entityId: row.id,
      before: { isHidden: row.isHidden, nameOverrides: row.nameOverrides, destinationCode: row.destinationCode },
      after: { isHidden, nameOverrides, destinationCode: row.destinationCode },
      ip: input.actor.ip,
      now,
    });
    return presentPlan({ ...row, isHidden, nameOverrides });
  });
}
