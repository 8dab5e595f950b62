import { defineProject } from "vitest/config";
import { apiTestSettings, ISOLATED_FILES } from "./vitest.config.ts";

// The API files that need a module graph of their own (the reasons are beside the list), each file isolated.
export default defineProject({
  test: { ...apiTestSettings, name: "api-isolated", include: ISOLATED_FILES, isolate: true },
});
