import { getConsoleOrderMargin, getMarginReport } from "@esim/shared/console/margins-contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { getOrderMargin, getMarginReport as readMarginReport } from "./margins.service.ts";

const tags = ["admin"];

/** The owner's margin (decision 065): admins only. */
export async function marginsRoutes(app: FastifyInstance) {
  addRoute(
    app,
    getConsoleOrderMargin,
    async ({ params }) => ({ data: await getOrderMargin(app.deps, { number: params.number }) }),
    { tags, summary: "An order's margin: sold and refunded excluding TVA, its upstream cost in DZD, the margin" },
  );

  addRoute(
    app,
    getMarginReport,
    async ({ query }) => ({ data: await readMarginReport(app.deps, { period: query.period ?? "7d" }) }),
    { tags, summary: "The margin of the orders paid today, in 7 or in 30 days: totals, per plan, per Algiers day" },
  );
}
