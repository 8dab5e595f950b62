import {
  applyPriceSettings,
  getCatalogSyncStatus,
  getPriceSettings,
  listCatalogueDestinationPlans,
  listCatalogueDestinations,
  previewPriceSettings,
  runCatalogSync,
  updateCatalogueDestination,
  updateCataloguePlan,
} from "@esim/shared/console/prices-contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import {
  changeDestinationVisibility,
  changePlanVisibility,
  changePriceSettings,
  listConsoleDestinationPlans,
  listConsoleDestinations,
  readCatalogSyncStatus,
  readPriceSettings,
  runCatalogSyncFor,
} from "../catalog/index.ts";
import { previewPriceChangeWithMargins } from "../margins/index.ts";

const tags = ["admin"];

/** The console's prices and catalogue sync (decision 040): admins only, every change audited. */
export async function consolePricesRoutes(app: FastifyInstance) {
  addRoute(app, getPriceSettings, async () => ({ data: await readPriceSettings(app.deps) }), {
    tags,
    summary: "The price settings: DZD per USD, markup, service fee",
  });

  addRoute(
    app,
    previewPriceSettings,
    async ({ body }) => ({ data: await previewPriceChangeWithMargins(app.deps, { change: body }) }),
    {
      tags,
      summary:
        "Every plan price a change of the settings would move, before and after, with its margin; changes nothing",
    },
  );

  addRoute(
    app,
    applyPriceSettings,
    async ({ body, operator, request }) => {
      const { settings, repricedCount, isChanged } = await changePriceSettings(app.deps, {
        change: body,
        actor: { operatorId: operator.id, ip: request.ip },
      });
      return { data: { settings, repricedCount, isChanged } };
    },
    { tags, summary: "Apply a change of the price settings: every plan re-priced, audited" },
  );

  addRoute(app, getCatalogSyncStatus, async () => ({ data: await readCatalogSyncStatus(app.deps) }), {
    tags,
    summary: "The last catalogue sync's outcome",
  });

  addRoute(
    app,
    runCatalogSync,
    async ({ operator, request }) => ({
      data: await runCatalogSyncFor(app.deps, { actor: { operatorId: operator.id, ip: request.ip } }),
    }),
    { tags, summary: "Import the upstream's plans now (as catalog:sync) and answer the outcome" },
  );

  addRoute(app, listCatalogueDestinations, async () => ({ data: await listConsoleDestinations(app.deps) }), {
    tags,
    summary: "Every destination the upstream lists, hidden ones included",
  });

  addRoute(
    app,
    listCatalogueDestinationPlans,
    async ({ params }) => ({ data: await listConsoleDestinationPlans(app.deps, { code: params.id }) }),
    { tags, summary: "A destination's plans, hidden ones included" },
  );

  addRoute(
    app,
    updateCatalogueDestination,
    async ({ params, body, operator, request }) => ({
      data: await changeDestinationVisibility(app.deps, {
        code: params.id,
        isHidden: body.isHidden,
        isPopular: body.isPopular,
        actor: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Hide or show a destination, mark it popular; audited" },
  );

  addRoute(
    app,
    updateCataloguePlan,
    async ({ params, body, operator, request }) => ({
      data: await changePlanVisibility(app.deps, {
        packageId: params.id,
        isHidden: body.isHidden,
        nameOverrides: body.nameOverrides,
        actor: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Hide or show one plan, or give it French and Arabic titles; audited" },
  );
}
