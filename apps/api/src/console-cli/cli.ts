/**
 * The operator's command line: `npm run console -- <command> [arguments]`. Each command is one file in
 * `console-cli/commands/` (`catalog-sync.ts` is `catalog:sync`) exporting `description`, `usage` and `run`.
 * It uses DATABASE_URL, or the embedded PostgreSQL of `npm start` (started here if it is not running).
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { ConfigError, loadConfig } from "../config.ts";
import { createAppDeps } from "../create-deps.ts";
import { applyMigrations, connectDatabase } from "../db/client.ts";
import {
  EmbeddedPostgresError,
  type EmbeddedServer,
  embeddedDatabaseUrl,
  startEmbeddedPostgres,
} from "../db/embedded.ts";
import { AppError } from "../lib/app-error.ts";
import { describeErrorForLog } from "../lib/log-redaction.ts";
import type { ConsoleCommand } from "./console-command.ts";
import { CliError } from "./console-command.ts";

const COMMANDS_DIR = path.join(import.meta.dirname, "commands");

async function listCommands(): Promise<string[]> {
  const files = await readdir(COMMANDS_DIR);
  return files
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.replace(/\.ts$/, "").replace("-", ":"))
    .sort();
}

async function loadCommand(name: string): Promise<ConsoleCommand | undefined> {
  // "area:action" (cancellation:list) or a single word for a command that is its own area (dashboard).
  if (!/^[a-z]+(:[a-z-]+)?$/.test(name)) return undefined;
  const file = path.join(COMMANDS_DIR, `${name.replace(":", "-")}.ts`);
  try {
    return (await import(file)) as ConsoleCommand;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

async function printHelp(print: (line: string) => void) {
  print("Usage: npm run console -- <command> [arguments]\n\nCommands:");
  for (const name of await listCommands()) {
    const command = await loadCommand(name);
    if (command) print(`  ${command.usage.padEnd(44)} ${command.description}`);
  }
}

/** Whether something answers on the embedded server's address (a running `npm start`). */
async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one command; answers the process exit code. */
export async function runCli(argv: string[], print = (line: string) => console.info(line)): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "help" || name === "--help") {
    await printHelp(print);
    return name ? 0 : 1;
  }
  const command = await loadCommand(name);
  if (!command) {
    console.error(`Unknown command "${name}". Run \`npm run console -- help\` for the list.`);
    return 1;
  }

  let embedded: EmbeddedServer | undefined;
  try {
    const config = loadConfig();
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      databaseUrl = embeddedDatabaseUrl(config.EMBEDDED_PG_PORT);
      if (!(await isReachable(databaseUrl))) {
        embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
      }
    }
    const database = connectDatabase(databaseUrl, { max: 4 });
    try {
      await applyMigrations(database.db);
      const deps = createAppDeps(config, database.db);
      await command.run({ deps, args, print });
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
      console.error(error.message);
    } else if (error instanceof AppError) console.error(`${error.code}: ${error.message}`);
    // An unexpected error's message may carry what it was about (a failed query's parameters): the logs' rule applies.
    else console.error(describeErrorForLog(error));
    return 1;
  } finally {
    await embedded?.stop();
  }
}

if (process.argv[1] === import.meta.filename) {
  process.exitCode = await runCli(process.argv.slice(2));
}
