// Orders in the operator's console (decision 036): search, an order's timeline, and the operator's actions on it
// (retry provisioning, resend the install email, record a refund), each audited. GET/POST /api/v1/admin/orders….
export { consoleOrdersRoutes } from "./console-orders.routes.ts";
