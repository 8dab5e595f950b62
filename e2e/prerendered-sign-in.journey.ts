import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { text } from "./i18n.ts";

// /login is prerendered at build in each language and served by the LANG cookie (decision 030).

/** The cookie the app mirrors from LANG, as a returning visitor's browser holds it. */
async function setLanguageCookie(context: BrowserContext, baseURL: string | undefined, language: string) {
  await context.addCookies([{ name: "LANG", value: language, url: baseURL ?? "" }]);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a crawler or a slow phone sees the painted sign-in screen, in French by default and in Arabic by cookie", async ({
    page,
    context,
    baseURL,
    shootWidths,
  }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-DZ");
    await expect(page).toHaveTitle(text("fr", "meta.title"));
    await expect(page.getByRole("heading", { level: 2, name: text("fr", "auth.email.title") })).toBeVisible();
    await expect(page.getByLabel(text("fr", "auth.email.label"))).toBeVisible();
    await expect(page.getByRole("button", { name: text("fr", "auth.email.submit") })).toBeVisible();
    await expect(page.getByRole("link", { name: text("fr", "auth.createAccount") })).toBeVisible();
    await shootWidths(page, "login-fr-no-js");

    await setLanguageCookie(context, baseURL, "ar");
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar-DZ");
    await expect(page.getByRole("heading", { level: 2, name: text("ar", "auth.email.title") })).toBeVisible();
    await expect(page.getByLabel(text("ar", "auth.email.label"))).toBeVisible();
    await shootWidths(page, "login-ar-no-js");
  });
});

test("the app takes over the prerendered screen at first use, in its language, keeping what was typed, without moving it", async ({
  page,
  context,
  baseURL,
  shootWidths,
}) => {
  await setLanguageCookie(context, baseURL, "ar");
  // Layout shifts from the first paint on, including the app replacing the prerendered markup.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  // The inline boot script runs by its hash in the CSP: a refused script is a console error.
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  // No script file at load (the boot script is inline): the app's code waits for the visitor.
  expect(scripts, scripts.join("\n")).toEqual([]);

  // Typing starts the app; letters typed before it has drawn are carried into its screen.
  const email = `prerendered-${Date.now()}@example.com`;
  await page.getByLabel(text("ar", "auth.email.label")).pressSequentially(email);
  // Nothing in storage yet: the app keeps the language the page was painted in, and the catalogue's numbers arrive.
  const [before = "", after = ""] = text("ar", "marketing.destinations").split("{count}");
  await expect(page.getByText(`${before}`, { exact: false }).filter({ hasText: after }).first()).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByLabel(text("ar", "auth.email.label"))).toHaveValue(email);
  await expect(page.getByLabel(text("ar", "auth.email.label"))).toBeFocused();
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
  await shootWidths(page, "login-ar");
  expect(consoleErrors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);

  // Choosing French stores it and mirrors it for the server: the next /login arrives in French.
  await page.getByRole("link", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-DZ");
  expect(await page.evaluate(() => window.localStorage.getItem("LANG"))).toBe("fr");
  const response = await page.request.get("/login", {
    headers: { cookie: (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  expect(await response.text()).toContain('data-prerendered-language="fr"');
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: text("fr", "auth.email.title") })).toBeVisible();
  await shootWidths(page, "login-fr");

  // Submitted before the app has arrived: the submit waits for it, then goes through.
  await page.getByLabel(text("fr", "auth.email.label")).fill(email);
  await page.getByRole("button", { name: text("fr", "auth.email.submit") }).click();
  await expect(page.getByRole("heading", { level: 2, name: text("fr", "auth.code.title") })).toBeVisible();
});

test("/ar signed out is the painted Arabic sign-in at sign-in's address, LANG stored, the app's code fetched at first use", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/ar");
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 2, name: text("ar", "auth.email.title") })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("LANG"))).toBe("ar");
  expect(await page.evaluate(() => document.cookie)).toContain("LANG=ar");
  expect(scripts, scripts.join("\n")).toEqual([]);

  // The first use brings the app, which stays in Arabic on the same address.
  await page.getByLabel(text("ar", "auth.email.label")).fill(`lang-address-${Date.now()}@example.com`);
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: text("ar", "auth.email.submit") })).toBeEnabled();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar-DZ");
});

test("a keyboard user who tabs on while the app arrives keeps their place", async ({ page }) => {
  await page.goto("/login");
  // Focusing the field starts the app; the Tab right after moves on before the app has drawn over the page.
  await page.getByLabel(text("fr", "auth.email.label")).focus();
  await page.keyboard.press("Tab");
  await page.waitForFunction(() => "appHasDrawn" in document.documentElement.dataset);
  await expect(page.getByRole("button", { name: text("fr", "auth.email.submit") })).toBeFocused();
});
