import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const CATALOG_FILE = /[\\/]src[\\/]locales[\\/][a-z]{2}\.json$/;

/**
 * Turns an ICU JSON catalog (`src/locales/xx.json`) into Lingui's compiled
 * form while it is imported, so the browser never ships a message compiler.
 * Runs before Vite's JSON plugin: it hands on JSON, which that plugin then
 * turns into a module. A malformed message fails the build with its id.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: "esim:lingui-catalogs",
    enforce: "pre",
    transform(source, id) {
      const file = id.split("?")[0] ?? id;
      if (!CATALOG_FILE.test(file)) return null;
      const messages = JSON.parse(source) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [messageId, message] of Object.entries(messages)) {
        try {
          // Always the token array, even for plain text: Lingui's development build would compile a string again.
          compiled[messageId] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(`${file}: message "${messageId}" is not valid ICU: ${(error as Error).message}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
