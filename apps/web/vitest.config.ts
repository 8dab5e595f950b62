import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { linguiCatalogs } from "./build-tools/lingui-catalogs.ts";

export default defineProject({
  plugins: [linguiCatalogs(), react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
  },
});
