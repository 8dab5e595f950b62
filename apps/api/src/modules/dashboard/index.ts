// Dashboard: the operator's figures of the shop now (sales and conversion per Algiers day, orders waiting for an
// eSIM or a refund, cancellation requests, the upstream balance). Read-only; GET /api/v1/admin/dashboard for operators.
export { addDays, dayOf, midnightOf } from "./algiers-days.ts";
export { presentDashboard } from "./dashboard.presenter.ts";
export { dashboardRoutes } from "./dashboard.routes.ts";
export {
  type DashboardFigures,
  getDashboard,
  REFUND_PROMISE_DAYS,
  readUpstreamBalance,
  type SalesWindow,
  type UpstreamBalanceFigure,
} from "./dashboard.service.ts";
