/**
 * `npm start`: builds what is stale (the web app, the API) and then runs the compiled server in this same process, on
 * plain node: no TypeScript at run time, no second wrapper process. Arguments pass through (`npm start -- --role web`).
 */
import { pathToFileURL } from "node:url";
import { API_ENTRY, buildApi, buildWeb } from "./build.mjs";

try {
  await buildWeb({ ifStale: true });
  await buildApi({ ifStale: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(API_ENTRY).href);
