// The native apps' identity, read by capacitor.config.ts, the web app (deep links) and the API (the
// .well-known files). Each may be overridden by configuration; these are the values the committed native
// projects are generated with, and `npm run native:check` fails when the projects and this file part ways.

export const NATIVE_APP_DEFAULTS = {
  /** Android applicationId and iOS bundle identifier. */
  appId: "dz.esimstore.app",
  appName: "eSIM Store",
  /** The custom URL scheme: `esimstore://payment-result?…`. */
  scheme: "esimstore",
  /** The https host of App Links and Universal Links (the product's public host). */
  linkHost: "esim-store.dz",
} as const;

/** The paths a verified https link may open in the app (the app's deep-link rules). */
export const APP_LINK_PATHS = ["/", "/home", "/esims", "/summary", "/payment-result", "/success", "/failure"] as const;
