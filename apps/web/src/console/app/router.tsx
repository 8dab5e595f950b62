import { createBrowserRouter, Outlet, redirect, ScrollRestoration } from "react-router";
import { RouteError } from "../../components/ui/route-error.tsx";

/** Back restores the scroll position; any other navigation starts at the top. */
function ConsoleRoot() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * The operator's console (decisions 035, 072): its own entry and router, served by the API under /admin, each area's
 * screens a lazy chunk. None of it is in the traveller's app.
 */
export function createConsoleRouter() {
  return createBrowserRouter([
    {
      element: <ConsoleRoot />,
      errorElement: <RouteError homeHref="/admin" />,
      children: [
        {
          path: "/admin/login",
          lazy: async () => {
            const route = await import("../sign-in/routes/console-login.tsx");
            return { Component: route.ConsoleLoginRoute, loader: route.consoleLoginLoader };
          },
        },
        {
          path: "/admin",
          lazy: async () => ({ Component: (await import("./console-shell.tsx")).ConsoleShell }),
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import("../dashboard/routes/console-dashboard.tsx")).ConsoleDashboardRoute,
              }),
            },
            {
              path: "team",
              lazy: async () => ({ Component: (await import("../team/routes/console-team.tsx")).ConsoleTeamRoute }),
            },
            {
              path: "invoicing",
              lazy: async () => ({
                Component: (await import("../invoicing/routes/console-invoicing.tsx")).ConsoleInvoicingRoute,
              }),
            },
            {
              path: "sessions",
              lazy: async () => ({
                Component: (await import("../sign-in/routes/console-sessions.tsx")).ConsoleSessionsRoute,
              }),
            },
            {
              path: "audit",
              lazy: async () => ({ Component: (await import("../audit/routes/console-audit.tsx")).ConsoleAuditRoute }),
            },
            {
              path: "cancellations",
              lazy: async () => ({
                Component: (await import("../refunds/routes/console-cancellations.tsx")).ConsoleCancellationsRoute,
              }),
            },
            {
              path: "claims",
              lazy: async () => ({
                Component: (await import("../claims/routes/console-claims.tsx")).ConsoleClaimsRoute,
              }),
            },
            {
              path: "claims/:id",
              lazy: async () => ({ Component: (await import("../claims/routes/console-claim.tsx")).ConsoleClaimRoute }),
            },
            {
              path: "customers",
              lazy: async () => ({
                Component: (await import("../customers/routes/console-customers.tsx")).ConsoleCustomersRoute,
              }),
            },
            {
              path: "customers/:id",
              lazy: async () => ({
                Component: (await import("../customers/routes/console-customer.tsx")).ConsoleCustomerRoute,
              }),
            },
            {
              path: "coupons",
              lazy: async () => ({
                Component: (await import("../coupons/routes/console-coupons.tsx")).ConsoleCouponsRoute,
              }),
            },
            {
              path: "orders",
              lazy: async () => ({
                Component: (await import("../orders/routes/console-orders.tsx")).ConsoleOrdersRoute,
              }),
            },
            {
              path: "orders/:number",
              lazy: async () => ({ Component: (await import("../orders/routes/console-order.tsx")).ConsoleOrderRoute }),
            },
            {
              path: "prices",
              lazy: async () => ({
                Component: (await import("../prices/routes/console-prices.tsx")).ConsolePricesRoute,
              }),
            },
            {
              path: "referrals",
              lazy: async () => ({
                Component: (await import("../referrals/routes/console-referrals.tsx")).ConsoleReferralsRoute,
              }),
            },
            {
              path: "catalogue",
              lazy: async () => ({
                Component: (await import("../prices/routes/console-catalogue.tsx")).ConsoleCatalogueRoute,
              }),
            },
          ],
        },
        // Any other address this app is sent (the server sends it every page below /admin): the dashboard.
        { path: "*", loader: () => redirect("/admin") },
      ],
    },
  ]);
}
