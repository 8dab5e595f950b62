/**
 * `npm run dev`: the API in watch mode on :8080 (embedded PostgreSQL, dev mailbox), Vite's dev server on :5173 with
 * hot reload, proxying /api and /dev to the API, and the operator console's on :5174 (/admin; decision 072). One
 * Ctrl-C stops them all.
 */
import { type ChildProcess, spawn } from "node:child_process";

const children: ChildProcess[] = [
  spawn("npm", ["run", "dev", "--workspace", "apps/api"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "--workspace", "apps/web"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev:console", "--workspace", "apps/web"], { stdio: "inherit" }),
];

let isStopping = false;
function stopAll(signal: NodeJS.Signals) {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stopAll("SIGTERM");
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(code ?? 0);
  });
}
