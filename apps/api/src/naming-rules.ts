import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

// One name each (decision 099), checked by `npm run lint` through apps/api/scripts/check-names.ts:
// a file that builds mails is named `<subject>.mails.ts`, and the operators' console is called "console" everywhere.

export interface NamedFile {
  /** With forward slashes: "apps/api/src/modules/orders/install.mails.ts". */
  path: string;
  text: string;
}

/** The endings mail files had before the rule; none may come back. */
const OLD_MAIL_ENDING = /-(email|emails|message|messages|notice)(\.test)?\.tsx?$/;
/** Building a mail means rendering it with the one renderer. */
const RENDERS_MAIL = /\brenderEmail\b[^;]*from\s+["']@esim\/ui\/emails["']/s;
const MAIL_FILE = /\.mails(\.test)?\.ts$/;
/** The console's other names for a place: a module, a folder or a file named admin or ops. */
const OTHER_CONSOLE_NAME = /(^|[/.-])(admin|ops)([/.-]|$)/;

/** Every breach of the naming rules in these files, one line each; empty when all is well. */
export function checkNames(files: readonly NamedFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const name = file.path.split("/").at(-1) ?? file.path;
    if (OLD_MAIL_ENDING.test(name)) {
      problems.push(`${file.path}: a mail file is named <subject>.mails.ts, not *-email(s)/-message(s)/-notice`);
    }
    if (!file.path.endsWith(".test.ts") && RENDERS_MAIL.test(file.text) && !MAIL_FILE.test(name)) {
      problems.push(`${file.path}: renders a mail, so it is named <subject>.mails.ts`);
    }
    if (OTHER_CONSOLE_NAME.test(file.path)) {
      problems.push(`${file.path}: the operators' console is called "console", not "admin" or "ops"`);
    }
  }
  return problems;
}

const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));
/** Where the rules apply: the API, the shared contracts, the console's screens and the journeys' helpers. */
const CHECKED_FOLDERS = ["apps/api/src", "apps/api/scripts", "packages/shared/src", "apps/web/src/console", "e2e"];

/** The check over the repository's source as it stands (paths relative to the repository). */
export async function checkApiNames(): Promise<string[]> {
  const files: NamedFile[] = [];
  for (const folder of CHECKED_FOLDERS) {
    const entries = await readdir(path.join(REPOSITORY, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const full = path.join(entry.parentPath, entry.name);
      const relative = path.relative(REPOSITORY, full).split(path.sep).join("/");
      files.push({ path: relative, text: await readFile(full, "utf8") });
    }
  }
  return checkNames(files);
}
