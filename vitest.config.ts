import { defineConfig } from "vitest/config";

// One run for every unit, component and API integration test; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ["packages/shared", "packages/ui", "apps/api", "apps/web"],
  },
});
