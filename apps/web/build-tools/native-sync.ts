import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { applyNativeConfig, checkNativeConfig, nativeAppConfig } from "./native-projects.ts";
import { prepareNativeWebDir } from "./native-web-dir.ts";

// `npm run native:sync`: builds the web app for the native apps (API calls go to the product's host), writes
// the configured app id, name and link host into android/ and ios/, copies the build in with `cap sync` (through
// dist-native/: the build without what only the server answers, decision 100), and checks the projects. `npm run native:check` (CI): `cap sync` of the current build and the same check, no writes.

const webRoot = fileURLToPath(new URL("..", import.meta.url));
const isCheckOnly = process.argv.includes("--check");
const config = nativeAppConfig();

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: webRoot, stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`native: ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

if (!isCheckOnly) {
  const apiOrigin = process.env.VITE_API_ORIGIN || `https://${config.linkHost}`;
  console.info(`native: building the web app with its API at ${apiOrigin}`);
  run("npx", ["vite", "build"], { ...process.env, VITE_API_ORIGIN: apiOrigin });
  const changed = applyNativeConfig(webRoot, config);
  console.info(changed.length ? `native: wrote ${changed.join(", ")}` : "native: projects already configured");
} else if (!existsSync(`${webRoot}/dist/index.html`)) {
  console.error("native: no web build in apps/web/dist; run `npm run build` first");
  process.exit(1);
}

await prepareNativeWebDir(webRoot);
run("npx", ["cap", "sync"]);

const problems = checkNativeConfig(webRoot, config);
if (problems.length > 0) {
  console.error(`native: the projects disagree with the configuration ${JSON.stringify(config)}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error("Run `npm run native:sync` to write the configuration, or restore the lost declarations.");
  process.exit(1);
}
console.info(`native: android/ and ios/ match ${JSON.stringify(config)}`);
