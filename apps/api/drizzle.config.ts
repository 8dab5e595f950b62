import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each owner's tables beside its code (decision 097): the modules', and the machinery's (jobs/, lib/, providers/).
  schema: ["./src/modules/*/*.schema.ts", "./src/{jobs,lib,providers}/*.schema.ts"],
  out: "./src/db/migrations",
});
