import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { flagIconsAlias } from "./build-tools/flag-icons.ts";
import { linguiCatalogs } from "./build-tools/lingui-catalogs.ts";
import { precompressAssets } from "./build-tools/precompress-assets.ts";

const API_ORIGIN = "http://localhost:8080";

export default defineConfig({
  plugins: [linguiCatalogs(), react(), tailwindcss(), precompressAssets()],
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
