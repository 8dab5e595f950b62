// What /support shows: contacts and the live chat settings.
export { supportRoutes } from "./support.routes.ts";
