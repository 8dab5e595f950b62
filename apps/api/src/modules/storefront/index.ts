// The public storefront: server-rendered pages of the catalogue for visitors and search engines, sitemap and robots.

export { storefrontRoutes } from "./storefront.routes.ts";
// The web app's stylesheet the public pages inline (the pay-for-me link page is one, decision 077).
export { readWebStylesheets } from "./web-stylesheets.ts";
