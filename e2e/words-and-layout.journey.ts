import type { Locator, Page } from "@playwright/test";
import { buyTurkeyPlan } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing on the page is wider than the phone's screen, and no text is cut short with an ellipsis. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${screen}: no sideways scroll` })
    .toBeLessThanOrEqual(390);
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("body *"))
      .filter((element) => getComputedStyle(element).textOverflow === "ellipsis")
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent),
  );
  expect(cut, `${screen}: no text cut short`).toEqual([]);
}

/**
 * The element's visible text sits on one line, whole (neither wrapped nor cut with an ellipsis); text only screen
 * readers get (a visually hidden `.sr-only` context) is laid out in a 1 px box and is not what a traveller reads.
 */
async function expectOneWholeLine(element: Locator, what: string) {
  const box = await element.evaluate((node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (text.parentElement?.closest(".sr-only") || !text.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of Array.from(range.getClientRects())) tops.push(Math.round(rect.top));
    }
    const lines = new Set(tops);
    return { lines: lines.size, isCut: node.scrollWidth > node.clientWidth + 1 };
  });
  expect(box, what).toEqual({ lines: 1, isCut: false });
}

/** The element stays inside its card (an ICCID, an order number). */
async function expectInside(element: Locator, container: Locator, what: string) {
  const [inner, outer] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  expect(inner, what).not.toBeNull();
  expect(inner!.x, what).toBeGreaterThanOrEqual(outer!.x - 1);
  expect(inner!.x + inner!.width, what).toBeLessThanOrEqual(outer!.x + outer!.width + 1);
}

/** The input's placeholder fits its box at this width: a placeholder never wraps, so a long one is cut mid-word. */
async function expectWholePlaceholder(input: Locator, what: string) {
  const space = await input.evaluate((node: HTMLInputElement) => {
    const style = getComputedStyle(node);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.font = style.font;
    const room =
      node.clientWidth - Number.parseFloat(style.paddingInlineStart) - Number.parseFloat(style.paddingInlineEnd);
    return { needed: Math.ceil(context.measureText(node.placeholder).width), room };
  });
  expect(space.needed, `${what}: ${space.needed} px of text in ${space.room} px`).toBeLessThanOrEqual(space.room);
}

// The words and the layout a traveller met at 390 px in French and Arabic: statuses, plan names, order numbers and
// ICCIDs whole, "Choose this plan" on one line, nothing wider than the screen.
for (const language of ["fr", "ar"] as const satisfies JourneyLanguage[]) {
  test(`a traveller reads every screen of a purchase whole at 390 px in ${language}`, async ({
    page,
    signIn,
    shoot,
  }) => {
    test.setTimeout(120_000);
    await signIn({ email: uniqueEmail(`layout-${language}`), name: "Nour El Houda Benyamina", language });

    await page.goto("/packages/TR?days=7");
    const choose = page.getByRole("link", { name: new RegExp(text(language, "plan.choose").slice(0, 6)) }).first();
    await expect(choose).toBeVisible();
    await expectOneWholeLine(choose, `"${text(language, "plan.choose")}" on one line`);
    await expectNoSidewaysScroll(page, "/packages");
    await shoot(page, `layout-packages-${language}-390`);

    await page.goto(`/search?type=country&q=${encodeURIComponent(language === "ar" ? "أوروبا" : "Europe")}`);
    await expect(page.getByRole("region", { name: text(language, "catalog.search.regionOffer") })).toBeVisible();
    await expectNoSidewaysScroll(page, "/search");
    await shoot(page, `layout-search-region-${language}-390`);

    const orderId = await buyTurkeyPlan(page, language);
    const orderNumber = page.locator("bdi.font-mono").first();
    await expect(orderNumber).toHaveText(/^ES\d{2}-\d{6}$/);
    await expectOneWholeLine(orderNumber, "the order number on /status");
    await expectNoSidewaysScroll(page, "/status");
    await shoot(page, `layout-status-${language}-390`);

    await page.goto("/esims");
    await page.locator('a[href^="/details/"]').first().click();
    await expect(page.getByText(text(language, "esimStatusName.new"), { exact: true })).toBeVisible();
    const install = page.getByRole("region", { name: text(language, "install.title") });
    const iccid = page.getByText(/^89\d{17,20}$/).first();
    // Not installed yet: installing comes first.
    expect(
      await install.evaluate((node, other) => node.compareDocumentPosition(other!), await iccid.elementHandle()),
    ).toBe(4);
    // The ICCID and the order are among the folded technical details (decision 092).
    await page.getByRole("heading", { level: 2, name: text(language, "details.technical") }).click();
    await expectOneWholeLine(iccid, "the ICCID on /details");
    await expectInside(iccid, page.locator("main"), "the ICCID inside the screen");
    const detailsOrder = page.getByRole("link", { name: /^ES\d{2}-\d{6}$/ }).first();
    await expectOneWholeLine(detailsOrder, "the order number on /details");
    await expectNoSidewaysScroll(page, "/details");
    await shoot(page, `layout-details-${language}-390`);

    await page.goto("/esims");
    await expect(page.locator('a[href^="/details/"]').first()).toBeVisible();
    await expectNoSidewaysScroll(page, "/esims");
    await shoot(page, `layout-esims-${language}-390`);

    await page.goto("/profile");
    await expect(page.getByText("Nour El Houda Benyamina")).toBeVisible();
    await expectNoSidewaysScroll(page, "/profile");
    await shoot(page, `layout-profile-${language}-390`);

    await page.goto("/orders");
    await expect(page.getByText(/^ES\d{2}-\d{6}$/).first()).toBeVisible();
    await expectOneWholeLine(page.getByText(/^ES\d{2}-\d{6}$/).first(), "the order number on /orders");
    await expectNoSidewaysScroll(page, "/orders");
    await shoot(page, `layout-orders-${language}-390`);

    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/compatibility");
    await expectWholePlaceholder(page.getByRole("searchbox"), "the phone search's placeholder at 320 px");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("searchbox").fill("iphone se");
    await expect(page.getByText(text(language, "compatibility.brand.allModels"))).toBeVisible();
    await expect(page.getByText(/generation/)).toHaveCount(0);
    await expectNoSidewaysScroll(page, "/compatibility");
    await shoot(page, `layout-compatibility-${language}-390`);

    await page.goto("/home");
    await expectNoSidewaysScroll(page, "/home");
    await shoot(page, `layout-home-${language}-390`);
    expect(orderId).toBeTruthy();
  });
}

const TURKEY = { fr: "Turquie", ar: "تركيا" } as const;

for (const language of ["fr", "ar"] as const satisfies JourneyLanguage[]) {
  test(`a traveller living in Turkey is warned on /summary before buying a Turkey plan, in ${language}`, async ({
    page,
    signIn,
    shoot,
  }) => {
    await signIn({ email: uniqueEmail(`resident-${language}`), name: "Elif Demir", country: "TR", language });
    await page.goto("/packages/TR?days=7");
    await page.locator('a[href^="/cart?plan="]').first().click();
    await page.getByRole("button", { name: text(language, "cart.continue") }).click();
    const guard = page.getByRole("region", { name: TURKEY[language] });
    await expect(guard.getByRole("alert")).toHaveText(
      text(language, "summary.residenceWarning", { destination: TURKEY[language] }),
    );
    // The phone is asked here, once, for the residence country.
    await expect(page.getByLabel(text(language, "form.phone"))).toHaveValue("");
    await expectNoSidewaysScroll(page, "/summary");
    await shoot(page, `layout-summary-residence-${language}-390`);
  });
}
