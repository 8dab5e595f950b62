/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app version stamped at build time; the device record falls back to "1.0.0". */
  readonly VITE_APP_VERSION?: string;
}
