/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app version stamped at build time; the device record falls back to "1.0.0". */
  readonly VITE_APP_VERSION?: string;
  /** The API's origin for the native apps (`https://esim-store.dz`); unset on the web (same origin). */
  readonly VITE_API_ORIGIN?: string;
}
