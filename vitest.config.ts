import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One run for every unit, component and API integration test; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two. The API files wait on
    // PostgreSQL much of their time, so one worker per core keeps both busy (decision 102).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      "packages/shared",
      "packages/ui",
      "apps/api/vitest.config.ts",
      "apps/api/vitest.isolated.config.ts",
      "apps/web",
    ],
  },
});
