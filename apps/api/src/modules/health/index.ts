// Whether the API and its database answer.
export { healthRoutes } from "./health.routes.ts";
