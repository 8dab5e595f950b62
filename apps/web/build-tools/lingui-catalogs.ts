import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const CATALOG_FILE = /[\\/]ui[\\/]src[\\/]messages[\\/](?:console[\\/])?[a-z]{2}\.json$/;

/** The parts a catalog is split into at build (decision 030): the sign-in screens' texts, and everything else. */
export type CatalogPart = "sign-in" | "rest";

/**
 * Message-id prefixes of the screens a visitor meets before any lazy layout: sign-in and its code and profile
 * steps, /register, the language switcher, the marketing claims, the footer, the not-found and error screens.
 * By prefix, not by a hand-kept list of ids, so a key added to `auth.*` or `error.*` lands in the sign-in part by
 * itself; `sign-in-texts.test.tsx` fails when a sign-in screen uses a text outside these prefixes.
 */
export const SIGN_IN_MESSAGE_PREFIXES = [
  "app",
  "auth",
  "codeInput",
  "comingSoon",
  "common",
  "error",
  "field",
  "footer",
  "form",
  "marketing",
  "meta",
  "nav",
  "notFound",
  "offline",
  "register",
  "routeError",
] as const;

export function catalogPartOf(messageId: string): CatalogPart {
  const prefix = messageId.split(".")[0] ?? "";
  return (SIGN_IN_MESSAGE_PREFIXES as readonly string[]).includes(prefix) ? "sign-in" : "rest";
}

function requestedPart(id: string): CatalogPart | null {
  const part = new URLSearchParams(id.split("?")[1] ?? "").get("catalog");
  return part === "sign-in" || part === "rest" ? part : null;
}

/**
 * Turns an ICU JSON catalog (`packages/ui/src/messages/xx.json`, or the console's `messages/console/xx.json`, which
 * only the console imports, whole; decision 072) into Lingui's compiled
 * form while it is imported, so the browser never ships a message compiler.
 * `xx.json?catalog=sign-in` and `xx.json?catalog=rest` are the two parts of
 * the catalog (catalogPartOf); the plain import is the whole catalog.
 * Runs before Vite's JSON plugin: it hands on the whole catalog as JSON, which
 * that plugin then turns into a module. A malformed message fails the build with its id.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: "esim:lingui-catalogs",
    enforce: "pre",
    transform(source, id) {
      const file = id.split("?")[0] ?? id;
      if (!CATALOG_FILE.test(file)) return null;
      const part = requestedPart(id);
      const messages = JSON.parse(source) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [messageId, message] of Object.entries(messages)) {
        if (part && catalogPartOf(messageId) !== part) continue;
        try {
          // Always the token array, even for plain text: Lingui's development build would compile a string again.
          compiled[messageId] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(`${file}: message "${messageId}" is not valid ICU: ${(error as Error).message}`);
        }
      }
      const json = JSON.stringify(compiled);
      // Vite's JSON plugin passes over ids with a query, so a part is handed on as a module of its own.
      return { code: part ? `export default JSON.parse(${JSON.stringify(json)});` : json, map: null };
    },
  };
}
