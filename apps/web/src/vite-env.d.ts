/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app version stamped at build time; the device record falls back to "1.0.0". */
  readonly VITE_APP_VERSION?: string;
  /** The API's origin for the native apps (`https://esim-store.dz`); unset on the web (same origin). */
  readonly VITE_API_ORIGIN?: string;
}

/** One part of a language's catalog, compiled by build-tools/lingui-catalogs.ts (decision 030). */
declare module "*.json?catalog=sign-in" {
  const messages: unknown;
  export default messages;
}
declare module "*.json?catalog=rest" {
  const messages: unknown;
  export default messages;
}
