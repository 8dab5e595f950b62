import { checkApiNames } from "../src/naming-rules.ts";

// `npm run lint`'s naming check (decision 099): mail files are `<subject>.mails.ts`; the console has one name.

const problems = await checkApiNames();
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`\n${problems.length} naming problem(s): see "Names" in docs/ARCHITECTURE.md`);
  process.exit(1);
}
console.info("names: mail files and the console each have one name");
