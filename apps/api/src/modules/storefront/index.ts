// The public storefront: server-rendered pages of the catalogue for visitors and search engines, sitemap and robots.

export { storefrontRoutes } from "./storefront.routes.ts";
