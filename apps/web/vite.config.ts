import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { appManifest } from "./build-tools/app-manifest.ts";
import { flagIconsAlias } from "./build-tools/flag-icons.ts";
import { linguiCatalogs } from "./build-tools/lingui-catalogs.ts";
import { precompressAssets } from "./build-tools/precompress-assets.ts";
import { prerenderSignIn } from "./build-tools/prerender-sign-in.ts";
import { serviceWorkerOptions } from "./build-tools/service-worker.ts";
import { parseApiOrigin } from "./src/lib/api-origin.ts";

const API_ORIGIN = "http://localhost:8080";

export default defineConfig({
  plugins: [
    // A malformed VITE_API_ORIGIN (the native apps' API) stops the build rather than ship an app that cannot reach it.
    { name: "check-api-origin", configResolved: (config) => void parseApiOrigin(config.env.VITE_API_ORIGIN) },
    linguiCatalogs(),
    react(),
    tailwindcss(),
    appManifest(),
    // The sign-in screen painted into its own HTML per language, from the built index.html.
    prerenderSignIn(),
    // After every file of the build is written: sw.js precaches them.
    VitePWA(serviceWorkerOptions),
    precompressAssets(),
  ],
  resolve: { alias: flagIconsAlias },
  server: {
    proxy: {
      "/api": API_ORIGIN,
      "/dev": API_ORIGIN,
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // dist/.vite/manifest.json names the entry's stylesheet: the API inlines that file in the public pages
    // (docs/decisions/070-react-storefront.md), reading the manifest rather than parsing index.html.
    manifest: true,
  },
});
