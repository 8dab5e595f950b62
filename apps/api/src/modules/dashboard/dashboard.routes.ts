import { getDashboard as getDashboardEndpoint } from "@esim/shared/console/dashboard-contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentDashboard } from "./dashboard.presenter.ts";
import { getDashboard } from "./dashboard.service.ts";

/** The console's dashboard (decision 034): every operator, admin or support. */
export async function dashboardRoutes(app: FastifyInstance) {
  addRoute(app, getDashboardEndpoint, async () => ({ data: presentDashboard(await getDashboard(app.deps)) }), {
    tags: ["admin"],
    summary: "The shop's figures now: sales, conversion, orders waiting, refunds owed, the upstream balance",
  });
}
