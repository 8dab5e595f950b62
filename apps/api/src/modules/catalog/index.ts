// The catalog: destinations, plans and their prices, synced from the upstream and served from memory.

export type { CachedDestination, CatalogSnapshot } from "./catalog.cache.ts";
export { listEquivalentPackages } from "./catalog.equivalent.ts";
export { type DestinationPlans, presentDestination, presentPlan } from "./catalog.presenter.ts";
export { formatDzdPerUsd, parseDzdPerUsdE4 } from "./catalog.pricing.ts";
export { suggestRegionalPlanIn } from "./catalog.regional.ts";
export {
  type DestinationRow,
  destinationSummaryColumns,
  findKnownPackageIds,
  findPackageWithDestination,
  findPriceSettings,
  type PackageRow,
  planPartsColumns,
  summarizeDestinationPlans,
} from "./catalog.repo.ts";
export { isPackagePriceStale, type RefreshedPackage, refreshPackageFromUpstream } from "./catalog.reprice.ts";
export { catalogRoutes } from "./catalog.routes.ts";
export { destinationPlansOf, readCatalog, searchCatalog } from "./catalog.service.ts";
export {
  changePriceSettings,
  type PricePreviewPrices,
  previewPriceChange,
  readCatalogSyncStatus,
  readPriceSettings,
} from "./catalog.settings.ts";
export { startCatalog } from "./catalog.startup.ts";
export { runCatalogSyncFor, setDzdPerUsd, syncCatalog } from "./catalog.sync.ts";
export {
  changeDestinationVisibility,
  changePlanVisibility,
  listConsoleDestinationPlans,
  listConsoleDestinations,
} from "./catalog.visibility.ts";
