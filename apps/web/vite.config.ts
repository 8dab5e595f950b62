import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { appManifest } from "./build-tools/app-manifest.ts";
import { flagIconsAlias } from "./build-tools/flag-icons.ts";
import { linguiCatalogs } from "./build-tools/lingui-catalogs.ts";
import { precompressAssets } from "./build-tools/precompress-assets.ts";
import { serviceWorkerOptions } from "./build-tools/service-worker.ts";

const API_ORIGIN = "http://localhost:8080";

export default defineConfig({
  plugins: [
    linguiCatalogs(),
    react(),
    tailwindcss(),
    appManifest(),
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
  },
});
