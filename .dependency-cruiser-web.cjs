// The web app's layering (a feature folder imports no other feature; decision 072), checked in `npm run lint` as the API's is:
// `npx depcruise apps/web/src --config .dependency-cruiser-web.cjs`. Two apps share apps/web/src: the traveller's
// (main.tsx, app/, routes/, features/) and the operator console (console/, its own entry); both may use the shared
// lib/, components/ and the packages, never each other. Tests and test kits are not cruised.

const SRC = "^apps/web/src/";
const SHARED = `${SRC}(lib|components)/`;
const TRAVELLER = `${SRC}(main\\.tsx|sign-in-boot\\.ts|app/|routes/|features/|prerender/)`;
const CONSOLE = `${SRC}console/`;
/** A console area (orders, customers, refunds, …): any folder of console/ but what the areas share. */
const CONSOLE_AREA = `${CONSOLE}(?!app/|lib/|api/|components/|test/)([^/]+)/`;
const CONSOLE_CATALOGUE = "^packages/ui/src/messages/console/";
const TESTS = "\\.test\\.tsx?$|^apps/web/src/test/|^apps/web/src/console/test/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "features-apart",
      severity: "error",
      comment: "A feature never imports another: routes compose them; what two need goes to lib/ or components/.",
      from: { path: `${SRC}features/([^/]+)/` },
      to: { path: `${SRC}features/`, pathNot: `${SRC}features/$1/` },
    },
    {
      name: "console-areas-apart",
      severity: "error",
      comment:
        "A console area never imports another: what two areas need lives in console/lib, console/api or console/components.",
      from: { path: CONSOLE_AREA },
      to: { path: `${CONSOLE}(?!app/|lib/|api/|components/|test/)[^/]+/`, pathNot: `${CONSOLE}$1/` },
    },
    {
      name: "traveller-without-console",
      severity: "error",
      comment:
        "The traveller's app (its bundle, service worker and native apps) holds nothing of the console: not its code, not its catalogue.",
      from: { path: TRAVELLER },
      to: { path: [CONSOLE, CONSOLE_CATALOGUE] },
    },
    {
      name: "traveller-never-reaches-console",
      severity: "error",
      comment: "Nothing the traveller's entry loads, at once or lazily, leads to the console or its catalogue.",
      from: { path: `${SRC}main\\.tsx$` },
      to: { path: [CONSOLE, CONSOLE_CATALOGUE], reachable: true },
    },
    {
      name: "console-without-traveller",
      severity: "error",
      comment: "The console uses the shared lib/ and components/ and the packages, never the traveller's app.",
      from: { path: CONSOLE },
      to: { path: TRAVELLER },
    },
    {
      name: "shared-below-apps",
      severity: "error",
      comment: "lib/ and components/ serve both apps: they import neither app, nor a feature.",
      from: { path: SHARED },
      to: { path: [TRAVELLER, CONSOLE, CONSOLE_CATALOGUE] },
    },
    {
      name: "no-file-cycles",
      severity: "error",
      comment: "Files of the web app import each other one way only.",
      from: {},
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: `node_modules|\\.d\\.ts$|${TESTS}` },
    includeOnly: "^(apps/web/src|packages/ui/src|packages/shared/src)/",
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js"],
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
    },
  },
};
