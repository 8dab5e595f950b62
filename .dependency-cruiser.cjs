// The API's module boundaries (each module reached only through its index.ts; decision 026), checked in `npm run lint`:
// `npx depcruise apps/api/src` fails on a deep import into another module or a cycle between modules.
// Tests and test kits may reach inside a module: they are not part of the module graph, so they are not cruised.

const MODULES = "^apps/api/src/modules/([^/]+)/";
const TESTS = "(\\.test\\.ts|\\.test-kit\\.ts)$|^apps/api/src/test/|-double\\.ts$|test-webhook-receiver\\.ts$";
// Table definitions (`*.schema.ts`, decision 097) reference each other's keys as the database does, and db/schema.ts
// gathers them for the client's typing: that graph is the database's, not the modules'. Who may import which table
// is the table-ownership check's (apps/api/scripts/check-table-ownership.ts), so these files are not cruised.
const SCHEMAS = "\\.schema\\.ts$|^apps/api/src/db/schema\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "module-front-door",
      severity: "error",
      comment:
        "Another module is reached only through its front door, modules/<feature>/index.ts: import what it exports there.",
      from: { path: MODULES },
      to: {
        path: "^apps/api/src/modules/[^/]+/",
        pathNot: ["^apps/api/src/modules/$1/", "^apps/api/src/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "front-door-from-outside",
      severity: "error",
      comment: "Code outside modules/ (jobs, console-cli, app, server) uses a module through its front door only.",
      from: { path: "^apps/api/src/", pathNot: MODULES },
      to: { path: "^apps/api/src/modules/[^/]+/", pathNot: "^apps/api/src/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "no-module-cycles",
      severity: "error",
      comment:
        "Modules depend on each other one way only. When two need each other, the flow between them belongs to one owner (decision 066).",
      scope: "folder",
      from: { path: "^apps/api/src/modules/[^/]+$" },
      to: { circular: true },
    },
    {
      name: "modules-below-jobs-and-console-cli",
      severity: "error",
      comment:
        "jobs/, console-cli/ and subscribers/ only wire modules together: no module imports them (a reaction to an event is never an edit inside the module that emitted it).",
      from: { path: MODULES },
      to: { path: "^apps/api/src/(jobs|console-cli|subscribers)/" },
    },
    {
      name: "modules-below-flows",
      severity: "error",
      comment:
        "flows/ (decision 082) sequence modules through their front doors; no module imports a flow. A module route or job that starts one is handed it where routes and jobs are registered (modules/index.ts, jobs/worker.ts).",
      from: { path: MODULES },
      to: { path: "^apps/api/src/flows/" },
    },
    {
      name: "no-file-cycles",
      severity: "error",
      comment: "Files of the API import each other one way only.",
      from: {},
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: `node_modules|\\.d\\.ts$|${TESTS}|${SCHEMAS}` },
    includeOnly: "^apps/api/src/",
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
    reporterOptions: {
      archi: { collapsePattern: "^apps/api/src/(modules/[^/]+|[^/]+)" },
    },
  },
};
