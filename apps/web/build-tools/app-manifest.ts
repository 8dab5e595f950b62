import { readFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { Plugin } from "vite";

export const MANIFEST_FILE = "manifest.webmanifest";

interface AppIcon {
  fileName: string;
  sizePx: number;
  /** Full-bleed square (no rounded transparent corners): the launcher or iOS crops it to its own shape. */
  isFullBleed: boolean;
  purpose?: "any" | "maskable";
}

// The glyph of favicon.svg stays inside the maskable safe zone (a circle of 40 % of the size around the
// centre: its farthest corner is at 34 %), so the maskable icons are the favicon with square corners.
const ICONS: readonly AppIcon[] = [
  { fileName: "icons/icon-192.png", sizePx: 192, isFullBleed: false, purpose: "any" },
  { fileName: "icons/icon-512.png", sizePx: 512, isFullBleed: false, purpose: "any" },
  { fileName: "icons/maskable-192.png", sizePx: 192, isFullBleed: true, purpose: "maskable" },
  { fileName: "icons/maskable-512.png", sizePx: 512, isFullBleed: true, purpose: "maskable" },
  { fileName: "icons/apple-touch-icon.png", sizePx: 180, isFullBleed: true },
];

/** A colour of the Tailwind theme in src/theme.css (`--color-brand-700: #0f5f5a;`), so the brand has one source. */
export function readThemeColor(css: string, name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`src/theme.css has no --color-${name}`);
  return match[1];
}

/** The favicon drawn at `sizePx`, with the rounded background squared for full-bleed icons. */
export function renderIcon(faviconSvg: string, icon: Pick<AppIcon, "sizePx" | "isFullBleed">): Buffer {
  const svg = icon.isFullBleed ? faviconSvg.replace(/(<rect width="32" height="32") rx="\d+"/, "$1") : faviconSvg;
  if (icon.isFullBleed && svg === faviconSvg) throw new Error("favicon.svg: its rounded background rect was not found");
  return new Resvg(svg, { fitTo: { mode: "width", value: icon.sizePx } }).render().asPng();
}

/** The web app manifest: French first (the default language), colours from the brand palette. */
export function buildManifest(options: { description: string; themeColor: string; backgroundColor: string }) {
  return {
    id: "/",
    name: "eSIM Store",
    short_name: "eSIM Store",
    description: options.description,
    lang: "fr",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: options.themeColor,
    background_color: options.backgroundColor,
    icons: ICONS.filter((icon) => icon.purpose).map((icon) => ({
      src: `/${icon.fileName}`,
      sizes: `${icon.sizePx}x${icon.sizePx}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

/** Every file of the installable app: the manifest and the PNG icons, drawn from public/favicon.svg. */
function buildAppFiles(root: string): Map<string, Buffer> {
  const css = readFileSync(path.join(root, "src/theme.css"), "utf8");
  const faviconSvg = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
  const french = JSON.parse(readFileSync(path.join(root, "../../packages/ui/src/messages/fr.json"), "utf8")) as Record<
    string,
    string
  >;
  const manifest = buildManifest({
    description: french["meta.description"] ?? "",
    themeColor: readThemeColor(css, "brand-700"),
    backgroundColor: readThemeColor(css, "brand-50"),
  });
  const files = new Map<string, Buffer>([[MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)]]);
  for (const icon of ICONS) files.set(icon.fileName, renderIcon(faviconSvg, icon));
  return files;
}

/**
 * Makes the app installable: writes manifest.webmanifest and the icons into the build (before the service worker
 * is generated, so they are precached) and serves them in development. No network: resvg draws the PNGs.
 */
export function appManifest(): Plugin {
  let root = process.cwd();
  let files: Map<string, Buffer> | null = null;
  const appFiles = () => {
    files ??= buildAppFiles(root);
    return files;
  };
  return {
    name: "esim:app-manifest",
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const fileName = request.url?.split("?")[0]?.slice(1) ?? "";
        const content = appFiles().get(fileName);
        if (!content) return next();
        response.setHeader(
          "content-type",
          fileName === MANIFEST_FILE ? "application/manifest+json; charset=utf-8" : "image/png",
        );
        response.end(content);
      });
    },
    generateBundle() {
      for (const [fileName, source] of appFiles()) this.emitFile({ type: "asset", fileName, source });
    },
  };
}
