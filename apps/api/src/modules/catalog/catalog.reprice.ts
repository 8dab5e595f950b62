import { eq } from "drizzle-orm";
import type { AppDeps } from "../../lib/deps.ts";
import type { UpstreamPackage } from "../../providers/esim/esim-port.ts";
import { DEFAULT_PRICE_SETTINGS, repriceStoredPackage } from "./catalog.pricing.ts";
import { ensurePriceSettings, listDestinationMarkups, notifyCatalogChanged } from "./catalog.repo.ts";
import { packages } from "./catalog.schema.ts";
import { CATALOG_RESYNC_EVERY_MS } from "./catalog.startup.ts";
import { toPricingSettings } from "./catalog.sync.ts";

type RepriceDeps = Pick<AppDeps, "db" | "esim" | "now">;

export interface RefreshedPackage {
  /** false: the upstream no longer has the package; it is now off sale. */
  exists: boolean;
  costUsdE4: number;
}

/** Whether a package's stored price is older than the catalogue's resync period (decision 083). */
export function isPackagePriceStale(pkg: { syncedAt: Date }, now: Date): boolean {
  return now.getTime() - pkg.syncedAt.getTime() > CATALOG_RESYNC_EVERY_MS;
}

/**
 * Asks the upstream for one package now (not at the next 6-hourly sync) and stores what it says: its new cost with
 * retail prices recomputed like a sync would, or, when the upstream no longer lists it, the package off sale at once.
 * Used when a purchase is refused for its price (200005/200006) or package (310241), or the stored price is stale.
 */
export async function refreshPackageFromUpstream(
  deps: RepriceDeps,
  pkg: { id: string; upstreamCode: string; isTopUp: boolean; costUsdE4: number },
): Promise<RefreshedPackage> {
  const upstream = await findUpstreamPackage(deps, pkg);
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    if (!upstream) {
      await tx.update(packages).set({ isActive: false }).where(eq(packages.id, pkg.id));
      await notifyCatalogChanged(tx);
      return { exists: false, costUsdE4: pkg.costUsdE4 };
    }
    const [stored] = await tx.select().from(packages).where(eq(packages.id, pkg.id));
    const settings = toPricingSettings(await ensurePriceSettings(tx, { ...DEFAULT_PRICE_SETTINGS, now }));
    const markups = await listDestinationMarkups(tx);
    const destinationCode = stored?.destinationCode ?? upstream.destination.code;
    const prices = repriceStoredPackage({
      costUsdE4: upstream.costUsdE4,
      compareAtUsdMinor: stored?.compareAtUsdMinor ?? null,
      settings: { ...settings, markupBps: markups.get(destinationCode) ?? settings.markupBps },
    });
    await tx
      .update(packages)
      .set({ costUsdE4: upstream.costUsdE4, ...prices, syncedAt: now })
      .where(eq(packages.id, pkg.id));
    await notifyCatalogChanged(tx);
    return { exists: true, costUsdE4: upstream.costUsdE4 };
  });
}

/** The upstream's package of this code: one filtered `package/list` when the port offers it, else the whole list. */
async function findUpstreamPackage(
  deps: RepriceDeps,
  pkg: { upstreamCode: string; isTopUp: boolean },
): Promise<UpstreamPackage | null> {
  if (deps.esim.findPackage) return deps.esim.findPackage({ code: pkg.upstreamCode, isTopUp: pkg.isTopUp });
  const list = await deps.esim.listPackages();
  return list.find((candidate) => candidate.code === pkg.upstreamCode) ?? null;
}
