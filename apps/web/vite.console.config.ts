import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { linguiCatalogs } from "./build-tools/lingui-catalogs.ts";
import { precompressAssets } from "./build-tools/precompress-assets.ts";

const API_ORIGIN = "http://localhost:8080";

/** Where the console is served (by the API in production, by `npm run dev:console` in development). */
export const CONSOLE_BASE = "/admin/";
/** Beside the traveller's dist/, never inside: neither its service worker nor the native apps carry the console. */
export const CONSOLE_OUT_DIR = "dist-console";

/** In development, every page below /admin is the console's HTML, as the API answers in production. */
function consolePagesInDev(): Plugin {
  return {
    name: "esim:console-pages-in-dev",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const isPage = request.method === "GET" && request.headers.accept?.includes("text/html");
        if (isPage && /^\/admin(?:\/|$)/.test(request.url ?? "")) request.url = `${CONSOLE_BASE}console.html`;
        next();
      });
    },
  };
}

// The operator's console, its own app (decision 072): console.html → src/console/main.tsx, built apart from the
// traveller's app (vite.config.ts) into dist-console/, its hashed files below /admin/assets/.
export default defineConfig({
  base: CONSOLE_BASE,
  // The app's icons and manifest stay the app's: the console links the favicon at its root address.
  publicDir: false,
  plugins: [linguiCatalogs(), react(), tailwindcss(), consolePagesInDev(), precompressAssets()],
  server: {
    port: 5174,
    proxy: {
      "/api": API_ORIGIN,
      "/dev": API_ORIGIN,
    },
  },
  build: {
    outDir: CONSOLE_OUT_DIR,
    assetsDir: "assets",
    emptyOutDir: true,
    rollupOptions: { input: "console.html" },
  },
});
