import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Where the SVG flags of `country-flag-icons` (3:2) sit, wherever npm hoisted the package. The app imports
 * them through the `@flags` alias with `import.meta.glob`, so each flag is its own file fetched only when shown.
 */
export const FLAG_ICONS_DIR = join(dirname(createRequire(import.meta.url).resolve("country-flag-icons")), "3x2");

export const flagIconsAlias = { "@flags": FLAG_ICONS_DIR };
