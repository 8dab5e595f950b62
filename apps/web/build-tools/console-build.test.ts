import path from "node:path";
import { describe, expect, it } from "vitest";
import capacitorConfig from "../capacitor.config.ts";
import appConfig from "../vite.config.ts";
import consoleConfig from "../vite.console.config.ts";

const webRoot = path.resolve(import.meta.dirname, "..");

describe("the console's build (decision 072)", () => {
  it("is written outside the traveller's build, which the service worker precaches and the native apps copy", () => {
    const appOut = path.resolve(webRoot, appConfig.build?.outDir ?? "dist");
    const consoleOut = path.resolve(webRoot, consoleConfig.build?.outDir ?? "dist");
    expect(path.relative(appOut, consoleOut).startsWith("..")).toBe(true);
    // The native apps' folder is copied from the traveller's build (native-web-dir.ts), never the console's.
    const nativeDir = path.resolve(webRoot, capacitorConfig.webDir ?? "");
    expect(path.relative(nativeDir, consoleOut).startsWith("..")).toBe(true);
    expect(nativeDir).not.toBe(consoleOut);
  });
});
