// Whether the API and its database answer: /api/health, /livez, /readyz, and the Prometheus figures at /metrics.
export { healthRoutes } from "./health.routes.ts";
