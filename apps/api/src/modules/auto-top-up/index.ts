// Auto top-up and credit that works abroad (decision 078): a top-up paid from store credit in one tap,
// and per eSIM the chosen top-up bought from credit once per trigger (data left under the threshold, validity ending
// within a day), never beyond the monthly cap; the traveller told either way.
export { createAutoTopUpJobs } from "./auto-top-up.jobs.ts";
export { isAutoTopUpOrder, listAutoTopUpsOfUser } from "./auto-top-up.repo.ts";
export { type AutoTopUpRoutesOptions, autoTopUpRoutes } from "./auto-top-up.routes.ts";
export { type PlaceFromCredit, sweepAutoTopUps } from "./auto-top-up.service.ts";
