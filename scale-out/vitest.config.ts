import { defineConfig } from "vitest/config";

// The deployment tests (`npm run test:scale-out`): real PostgreSQL servers and several app processes each, so one
// file at a time, after the unit and browser tests.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
