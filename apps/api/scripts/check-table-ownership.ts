import { checkApiTableOwnership } from "../src/db/table-ownership.ts";

// `npm run lint`'s table-ownership check (decisions 066, 097): each module writes and reads only the tables it owns,
// or reads them as a declared read model.

const problems = await checkApiTableOwnership();
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`\n${problems.length} table-ownership problem(s): see apps/api/src/db/table-owners.ts`);
  process.exit(1);
}
console.info(
  "table ownership: every table is written by its owner only, and read by its owner or a declared read model",
);
