/**
 * What the prerendered /login's inlined boot script loads at the visitor's first use: the app's entry, its preloads
 * and its stylesheet, as the built index.html names them. The build writes them on the page as JSON in a data
 * block of this id (not executed, so the CSP has nothing to allow), not as tags the browser would fetch at load.
 */
export const APP_ASSETS_ELEMENT_ID = "app-assets";

export interface AppAssets {
  script: string;
  modulePreloads: string[];
  stylesheets: string[];
}
