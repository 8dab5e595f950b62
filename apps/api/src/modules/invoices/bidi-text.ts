import bidiFactory from "bidi-js";

const bidi = bidiFactory();

/** Arabic-script letters, digits and marks: drawn with the Arabic font; everything else with the Latin one. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Bidi controls (isolates, embeddings, marks): they steer the order and are not drawn. */
const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;

/** Whether the text has Arabic letters (drawn shaped and reordered, so it needs its logical text beside it). */
export function hasArabic(text: string): boolean {
  return ARABIC.test(text);
}

/** The text as a reader copies it: logical order, without the invisible bidi controls. */
export function toLogicalText(text: string): string {
  return text.replace(new RegExp(CONTROLS.source, "g"), "");
}

/** Wraps text that must read left to right (a masked card code) when placed inside Arabic text. */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** The direction of a paragraph by its first strong letter (Arabic or Latin); `fallback` when it has none. */
export function paragraphDirection(text: string, fallback: "ltr" | "rtl"): "ltr" | "rtl" {
  for (const char of text) {
    if (ARABIC.test(char)) return "rtl";
    if (LATIN.test(char)) return "ltr";
  }
  return fallback;
}

export interface VisualRun {
  text: string;
  font: "arabic" | "latin";
  /**
   * Whether the run is right-to-left. An Arabic run keeps its logical order: fontkit shapes it and lays its glyphs
   * out right to left itself. A Latin run at a right-to-left level is already reversed (and mirrored) here.
   */
  isRtl: boolean;
}

/**
 * One line of text as runs in visual order, left to right (Unicode bidi algorithm, rule L2 applied to runs of one
 * level and one font). Numbers and Latin words stay left to right inside Arabic text.
 */
export function toVisualRuns(text: string, direction: "ltr" | "rtl"): VisualRun[] {
  if (text === "") return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const chars = Array.from(text);
  // Code point index → UTF-16 index, as bidi-js works on UTF-16 units.
  const runs: { text: string; font: VisualRun["font"]; level: number }[] = [];
  let unit = 0;
  for (const char of chars) {
    const level = levels[unit]!;
    unit += char.length;
    if (CONTROLS.test(char)) continue;
    const font = ARABIC.test(char) ? "arabic" : "latin";
    const last = runs.at(-1);
    if (last && last.level === level && last.font === font) last.text += char;
    else runs.push({ text: char, font, level });
  }
  if (runs.length === 0) return [];
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : run.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map((run) => {
    const isRtl = run.level % 2 === 1;
    if (!isRtl || run.font === "arabic") return { text: run.text, font: run.font, isRtl };
    const mirrored = Array.from(run.text)
      .reverse()
      .map((char) => bidi.getMirroredCharacter(char) ?? char)
      .join("");
    return { text: mirrored, font: run.font, isRtl };
  });
}
