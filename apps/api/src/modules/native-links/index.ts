// The .well-known files that let the native apps open our https links.
export { nativeLinksRoutes } from "./native-links.routes.ts";
