import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { isServerOnly } from "./server-only-files.ts";

/**
 * Capacitor's web folder (capacitor.config.ts `webDir`): the web build as the phone apps carry it, written from dist/
 * before every `cap sync` without the files only the server answers (server-only-files.ts, decision 100).
 */
export const NATIVE_WEB_DIR = "dist-native";

/** Writes apps/web/dist-native from apps/web/dist (both under `webRoot`), replacing any earlier copy. */
export async function prepareNativeWebDir(webRoot: string): Promise<void> {
  const source = path.join(webRoot, "dist");
  const target = path.join(webRoot, NATIVE_WEB_DIR);
  await rm(target, { recursive: true, force: true });
  await cp(source, target, {
    recursive: true,
    filter: (file) => !isServerOnly(path.relative(source, file).split(path.sep).join("/")),
  });
}
