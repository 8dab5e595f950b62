import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * The accessibility checks every screen passes (decision 031): axe-core's WCAG 2.1 A/AA and
 * best-practice rules, names that contain the visible label (WCAG 2.5.3, which axe does not judge in Arabic), nothing
 * wider than the screen, no text cut short, and a keyboard walk. axe is injected from the installed package, not a
 * CDN: the journeys run offline, and the app's Content-Security-Policy refuses the added script unless the context
 * has `bypassCSP: true`.
 */

const AXE_SOURCE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** The rule sets the shop promises: WCAG 2.0/2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

interface NameMismatch {
  element: string;
  visible: string;
  name: string;
}

async function injectAxe(page: Page) {
  const isLoaded = await page.evaluate(() => "axe" in window);
  if (!isLoaded) await page.addScriptTag({ path: AXE_SOURCE_PATH });
}

/** Runs axe on the whole page; answers its violations, reduced to what a failure message needs. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await injectAxe(page);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  }, AXE_TAGS);
}

/**
 * Every visible link and button whose accessible name (axe's own computation) does not contain the text a sighted
 * person reads on it. Text hidden from sight (`sr-only`) is not part of the visible label; icon-only controls have no
 * visible label to contain.
 */
export async function findNameMismatches(page: Page): Promise<NameMismatch[]> {
  await injectAxe(page);
  return page.evaluate(() => {
    type Axe = {
      setup: (node: Node) => void;
      teardown: () => void;
      utils: { getNodeFromTree: (node: Element) => unknown };
      commons: { text: { accessibleTextVirtual: (node: unknown) => string } };
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const normalise = (value: string) => value.replace(/\s+/g, " ").trim().toLocaleLowerCase();
    const isHiddenFromSight = (element: Element): boolean => {
      const style = getComputedStyle(element);
      if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return true;
      const box = element.getBoundingClientRect();
      // Tailwind's sr-only: a 1 px clipped box.
      return style.position === "absolute" && box.width <= 1 && box.height <= 1 && style.overflow === "hidden";
    };
    const visibleText = (root: Element): string => {
      let text = "";
      const walk = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          text += node.textContent ?? "";
          return;
        }
        // An illustration's drawn words (a phone screen in a picture) are part of the image, not of the label.
        if (!(node instanceof Element) || node instanceof SVGElement || isHiddenFromSight(node)) return;
        const isBlock = getComputedStyle(node).display !== "inline";
        if (isBlock) text += " ";
        for (const child of Array.from(node.childNodes)) walk(child);
        if (isBlock) text += " ";
      };
      for (const child of Array.from(root.childNodes)) walk(child);
      return text;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const href = element.getAttribute("href");
      return `<${element.tagName.toLowerCase()}${id}${href ? ` href="${href}"` : ""}>`;
    };

    axe.setup(document);
    try {
      const controls = document.querySelectorAll('a[href], button, [role="button"], [role="link"], [role="tab"]');
      const mismatches: { element: string; visible: string; name: string }[] = [];
      for (const control of Array.from(controls)) {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || isHiddenFromSight(control)) continue;
        // Out of reach for now: behind an open dialog (aria-hidden, inert) or in a closed <details>.
        if (control.closest('[aria-hidden="true"], [inert]')) continue;
        const closedDetails = control.closest("details:not([open])");
        if (closedDetails && !control.closest("summary")) continue;
        const visible = normalise(visibleText(control));
        // A symbol ("⌫", "×") is no text label to say aloud (WCAG 2.5.3 is about words): its name may be words.
        if (!/[\p{L}\p{N}]/u.test(visible)) continue;
        const name = normalise(axe.commons.text.accessibleTextVirtual(axe.utils.getNodeFromTree(control)));
        // Spaces are left out of the comparison: axe joins a flex item's texts without one ("Turquiedès 120 DA").
        if (!name.replace(/\s/g, "").includes(visible.replace(/\s/g, "")))
          mismatches.push({ element: describe(control), visible, name });
      }
      return mismatches;
    } finally {
      axe.teardown();
    }
  });
}

/** How much wider than the screen the page is (0 when it fits). */
function measureOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The screen as it stands passes axe (0 violations), every control's name contains its visible label, and nothing
 * is wider than the screen. A failure names each rule, its elements and the page; the checks are soft, so one run of
 * a journey lists every screen's problems, and the test still fails.
 */
export async function expectAccessible(page: Page, label: string) {
  const where = `${label} (${new URL(page.url()).pathname}, ${page.viewportSize()?.width} px)`;
  const violations = await runAxe(page);
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.help}) at ${node.target.join(" ")} on ${where}: ${node.failureSummary}`,
    ),
  );
  expect.soft(report, `axe violations on ${where}`).toEqual([]);

  const mismatches = await findNameMismatches(page);
  expect
    .soft(
      mismatches.map((mismatch) => `${mismatch.element} shows "${mismatch.visible}" but is named "${mismatch.name}"`),
      `accessible names without their visible label (WCAG 2.5.3) on ${where}`,
    )
    .toEqual([]);

  await expectNoOverflow(page, where);
}

/**
 * No visible text is cut short: an element ending in an ellipsis (`truncate`) or clamped to a number of lines shows
 * all it holds. A cut label ("شرائحي eSIM" in the tab bar, a page title in the header) is lost to anyone who cannot
 * guess the rest.
 */
export function findCutText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("body *"))
      .filter((element) => {
        const style = getComputedStyle(element);
        const isClipping = style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none";
        if (!isClipping || !(element as HTMLElement).innerText?.trim()) return false;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        return element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      })
      .map((element) => `"${(element as HTMLElement).innerText.trim()}"`),
  );
}

/** No visible text is cut short (see findCutText). */
export async function expectNoCutText(page: Page, where: string) {
  expect.soft(await findCutText(page), `text cut short on ${where}`).toEqual([]);
}

/** Nothing is wider than the screen (polled: fonts and lazy content settle). */
export async function expectNoOverflow(page: Page, where: string) {
  await expect.soft
    .poll(() => measureOverflow(page), { message: `horizontal overflow on ${where}`, timeout: 3_000 })
    .toBeLessThanOrEqual(0);
}

/**
 * Tabs through the whole page from the top: every stop is on screen and its outline, box shadow or border differs
 * from the same element's once focus has moved on (a visible focus indicator), and focus never falls back to <body>
 * while tabbable controls remain after the last one. Answers the problems and how many stops it made.
 */
export async function findKeyboardProblems(page: Page, maxStops = 80): Promise<{ problems: string[]; stops: number }> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const problems: string[] = [];
  let stops = 0;
  for (; stops < maxStops; stops++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      type State = { previous?: { element: Element; focusedStyle: string; name: string }; seen: Set<Element> };
      const holder = window as unknown as { __focusWalk?: State };
      holder.__focusWalk ??= { seen: new Set() };
      const state = holder.__focusWalk;
      const indicator = (node: Element) => {
        const computed = getComputedStyle(node);
        const outline =
          computed.outlineStyle === "none" || Number.parseFloat(computed.outlineWidth) === 0
            ? "none"
            : `${computed.outlineStyle} ${computed.outlineWidth} ${computed.outlineColor}`;
        return `${outline}|${computed.boxShadow}|${computed.borderColor}`;
      };
      const problems: string[] = [];
      // The element left behind now shows its unfocused look: it must differ from its focused one.
      if (state.previous && indicator(state.previous.element) === state.previous.focusedStyle) {
        problems.push(`${state.previous.name} has no visible focus indicator`);
      }
      const element = document.activeElement;
      if (!element || element === document.body || element === document.documentElement) {
        const last = state.previous?.element;
        const isTabbable = (node: Element) => {
          const box = node.getBoundingClientRect();
          return (node as HTMLElement).tabIndex >= 0 && !(node as HTMLButtonElement).disabled && box.width > 0;
        };
        const remaining = last
          ? Array.from(document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")).filter(
              (node) => last.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING && isTabbable(node),
            )
          : [];
        if (remaining.length > 0) problems.push(`focus fell on <body> after ${state.previous?.name}`);
        delete (window as unknown as { __focusWalk?: State }).__focusWalk;
        return { isDone: true, problems };
      }
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      const name = `<${element.tagName.toLowerCase()}> "${element.getAttribute("aria-label") ?? text}"`;
      const isRepeat = state.seen.has(element);
      state.seen.add(element);
      const box = element.getBoundingClientRect();
      const isVisible =
        box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0;
      if (!isVisible) problems.push(`${name} is focused but not on screen`);
      else {
        // Not hidden behind the fixed header or tab bar either: what is drawn at its centre is it or inside it.
        const centre = document.elementFromPoint(
          Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1),
          Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1),
        );
        if (centre && !element.contains(centre) && !centre.contains(element)) {
          const cover = `<${centre.tagName.toLowerCase()}${centre.id ? `#${centre.id}` : ""}>`;
          problems.push(`${name} is focused but covered by ${cover}`);
        }
      }
      state.previous = { element, focusedStyle: indicator(element), name };
      if (isRepeat) delete (window as unknown as { __focusWalk?: State }).__focusWalk;
      return { isDone: isRepeat, problems };
    });
    problems.push(...stop.problems);
    if (stop.isDone) break;
  }
  return { problems, stops };
}

/** Every control is reached by Tab with a visible focus (see findKeyboardProblems); answers how many stops. */
export async function expectKeyboardNavigable(page: Page, label: string, maxStops = 80): Promise<number> {
  const { problems, stops } = await findKeyboardProblems(page, maxStops);
  expect.soft(problems, `keyboard navigation on ${label}`).toEqual([]);
  expect.soft(stops, `keyboard navigation on ${label}: at least one control`).toBeGreaterThan(0);
  test.info().annotations.push({ type: "keyboard", description: `${label}: ${stops} stops` });
  return stops;
}
