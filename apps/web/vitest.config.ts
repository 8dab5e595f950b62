import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { linguiCatalogs } from "./build-tools/lingui-catalogs.ts";

export default defineProject({
  plugins: [linguiCatalogs(), react()],
  // A few stand-in flags: loading all 267 of country-flag-icons costs each test file more than a second.
  resolve: { alias: { "@flags": fileURLToPath(new URL("./src/test/flags", import.meta.url)) } },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "build-tools/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // Screens rendered whole in jsdom take seconds on a busy two-core machine; a hung test still fails.
    testTimeout: 15_000,
  },
});
