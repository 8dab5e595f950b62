// The console's customers: search, a customer's whole picture (profile, orders, eSIMs, devices, sessions), session
// revoke and PIN unblock (audited, through the auth and esims modules). Routes below /api/v1/admin/customers.
export { consoleCustomersRoutes } from "./console-customers.routes.ts";
