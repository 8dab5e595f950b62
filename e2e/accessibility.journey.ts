import path from "node:path";
import type { Page } from "@playwright/test";
import { expectAccessible, expectKeyboardNavigable, expectNoCutText, expectNoOverflow } from "./accessibility.ts";
import { acceptTerms, buyTurkeyPlan, summaryPayButton } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

// axe is added to each page as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const LANGUAGES = ["fr", "ar"] as const satisfies JourneyLanguage[];
/** Full checks on a phone and a desktop; at 320 px (the narrowest phone we support) only that nothing overflows. */
const CHECKED_WIDTHS = [390, 1280] as const;
const NARROWEST_WIDTH = 320;

/** What a screen needs before it is judged: its address, or the steps that reach it from the current page. */
interface Screen {
  name: string;
  open: (page: Page) => Promise<void>;
  /** Also walk it with the keyboard (at 390 px, in Arabic): the screens with forms, dialogs, most kinds of control. */
  isKeyboardWalked?: boolean;
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("h1").first()).toBeAttached();
  await expect(page.locator(".animate-spin")).toHaveCount(0);
}

/** What the screen shows (the viewport only: quicker, and where layout breaks show), as a11y-status-in-ar-320.png. */
async function shootScreen(page: Page, label: string, width: number) {
  const name = `a11y-${label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}-${width}`;
  await page.screenshot({ path: path.join(import.meta.dirname, "../test-results/screenshots", `${name}.png`) });
}

/**
 * Judges the screen as it is at each width, the page going back to a phone's size afterwards; the screen is left in
 * test-results/screenshots/ at the phone widths for a person to look at.
 */
async function checkScreen(page: Page, label: string) {
  for (const width of CHECKED_WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await expectAccessible(page, `${label} at ${width} px`);
    await expectNoCutText(page, `${label} at ${width} px`);
    if (width < 768) await shootScreen(page, label, width);
  }
  await page.setViewportSize({ width: NARROWEST_WIDTH, height: 640 });
  await expectNoOverflow(page, `${label} at ${NARROWEST_WIDTH} px`);
  await expectNoCutText(page, `${label} at ${NARROWEST_WIDTH} px`);
  await shootScreen(page, label, NARROWEST_WIDTH);
  await page.setViewportSize({ width: 390, height: 844 });
}

function visit(name: string, path: string, isKeyboardWalked = false): Screen {
  return {
    name,
    isKeyboardWalked,
    open: async (page) => {
      await page.goto(path);
      await settle(page);
    },
  };
}

// Every screen passes axe, names its controls by their visible label and fits a 320 px phone, in French and Arabic:
// one test per part and language, so the parts are judged side by side (decision 101).

for (const language of LANGUAGES) {
  test(`the public shop window passes the accessibility check in ${language}`, async ({ page }) => {
    test.setTimeout(420_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // Signed out: the public shop window the API renders (its language is in the address).
    const publicPages: Screen[] = [
      visit(`/${language}/esim`, `/${language}/esim`, true),
      visit(`/${language}/esim?q=`, `/${language}/esim?q=${language === "ar" ? "تركيا" : "Turquie"}`),
      visit(`/${language}/esim/turkey`, `/${language}/esim/turkey`, true),
      visit(`/${language}/esim/turkey in USD`, `/${language}/esim/turkey?currency=USD&days=7`),
      visit(`/${language}/esim/europe`, `/${language}/esim/europe`),
      visit(`/${language}/esim not found`, `/${language}/esim/atlantis`),
    ];
    for (const screen of publicPages) {
      await test.step(screen.name, async () => {
        await screen.open(page);
        await checkScreen(page, screen.name);
        if (screen.isKeyboardWalked) await expectKeyboardNavigable(page, screen.name);
      });
    }
  });
}

test("sign-in, its code step and registration pass the accessibility check in French and Arabic", async ({
  page,
  browser,
  baseURL,
  apiSignIn,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("a11y");
  await apiSignIn({ email, name: "Amina Benali", language: "fr" });

  for (const language of LANGUAGES) {
    await page.goto(`/${language}`);
    await expect(page.getByRole("heading", { level: 2, name: text(language, "auth.email.title") })).toBeVisible();
    // The walk checks the app's sign-in screen: the app is started (a focus is first use) and drawn before it, so the
    // walk never races the prerendered page's hand-over, which prerendered-sign-in.journey.ts covers on its own.
    await page.getByLabel(text(language, "auth.email.label")).focus();
    await page.waitForFunction(() => "appHasDrawn" in document.documentElement.dataset);
    await checkScreen(page, `/login email step in ${language}`);
    await expectKeyboardNavigable(page, `/login in ${language}`);
    await page.goto("/register");
    await settle(page);
    await checkScreen(page, `/register in ${language}`);
  }

  // The code step needs a code sent: signed out in a fresh page, the same traveller asks for one.
  const signedOut = await browser.newPage({ baseURL, bypassCSP: true, viewport: { width: 390, height: 844 } });
  for (const language of LANGUAGES) {
    await signedOut.goto(`/${language}`);
    await signedOut.getByLabel(text(language, "auth.email.label")).fill(email);
    await signedOut.getByRole("button", { name: text(language, "auth.email.submit") }).click();
    await expect(signedOut.getByRole("heading", { name: text(language, "auth.code.title") })).toBeVisible();
    await checkScreen(signedOut, `/login code step in ${language}`);
    await expectKeyboardNavigable(signedOut, `/login code step in ${language}`);
    // The tab keeps the code step while the code lives (decision 075): back to the email for the next language.
    await signedOut.getByRole("button", { name: text(language, "auth.code.changeEmail") }).click();
  }
  await signedOut.close();
});

for (const language of LANGUAGES) {
  test(`every signed-in screen passes the accessibility check in ${language}`, async ({ page, signIn }) => {
    test.setTimeout(420_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn({ email: uniqueEmail("a11y"), name: "Amina Benali", language: "fr" });
    const orderId = await buyTurkeyPlan(page, "fr");
    await page.goto("/esims");
    const detailsPath = await page.locator('a[href^="/details/"]').first().getAttribute("href");

    await page.goto(`/${language}`);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${language}`));

    const screens: Screen[] = [
      visit("/home", "/home", true),
      visit("/search (countries)", "/search?type=country"),
      visit("/search (regions)", "/search?type=region"),
      visit("/packages/TR", "/packages/TR?days=7"),
      {
        name: "/packages/TR with a plan's details open",
        open: async (page) => {
          await page
            .getByRole("button", { name: text(language, "plan.details") })
            .first()
            .click();
          await expect(page.getByRole("dialog")).toBeVisible();
        },
        isKeyboardWalked: true,
      },
      visit("/cart", `/cart?plan=${await firstPlanId(page)}&destination=TR`),
      {
        name: "/summary",
        open: async (page) => {
          await page.getByRole("button", { name: text(language, "cart.continue") }).click();
          await expect(page).toHaveURL(/\/summary/);
          await settle(page);
        },
        isKeyboardWalked: true,
      },
      {
        name: "/summary with the payment dialog open",
        open: async (page) => {
          await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
          await acceptTerms(page, language);
          await summaryPayButton(page, language).click();
          await expect(page.getByRole("dialog")).toBeVisible();
        },
      },
      visit("/esims", "/esims"),
      visit("/details", detailsPath!, true),
      {
        name: "/details with the PIN pad open",
        open: async (page) => {
          // The eSIM's status changes on screen as the simulator installs it (45 s after delivery, which a busy
          // machine's walk may pass): press again if the page moved, "show again" once it is installed.
          const reveal = page
            .getByRole("button", { name: text(language, "install.reveal") })
            .or(page.getByRole("button", { name: text(language, "install.showAgain") }));
          await expect(async () => {
            await reveal.first().click();
            await expect(page.getByText(text(language, "pin.choose"))).toBeVisible({ timeout: 2_000 });
          }).toPass();
        },
        isKeyboardWalked: true,
      },
      visit("/orders", "/orders"),
      visit("/status", `/status/${orderId}`),
      visit("/guide", "/guide", true),
      visit("/guide/activation", "/guide/activation"),
      visit("/guide/installation", "/guide/installation"),
      visit("/compatibility", "/compatibility", true),
      visit("/support", "/support"),
      visit("/profile", "/profile", true),
      visit("/personal-information", "/personal-information", true),
      visit("/preferences", "/preferences", true),
      visit("/success", `/success?orderId=${orderId}`),
      visit("/failure", `/failure?orderId=${orderId}`),
      visit("/reset-password", "/reset-password"),
      visit("not found", "/no-such-page"),
    ];
    for (const screen of screens) {
      await test.step(`${screen.name} in ${language}`, async () => {
        await screen.open(page);
        await checkScreen(page, `${screen.name} in ${language}`);
        // One language is enough for the walk (the same controls in the same order); Arabic, where the page mirrors.
        if (screen.isKeyboardWalked && language === "ar") {
          await expectKeyboardNavigable(page, `${screen.name} in ${language}`);
        }
      });
    }
    await test.step(`keyboard on /packages/TR and, on a desktop, /home in ${language}`, async () => {
      await page.goto("/packages/TR?days=7");
      await settle(page);
      await expectKeyboardNavigable(page, `/packages/TR in ${language}`);
      // A plan's details opened from the keyboard give focus back to their button, closed by Escape or by Close.
      const details = page.getByRole("button", { name: text(language, "plan.details") }).first();
      await details.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(details).toBeFocused();
      await page.keyboard.press("Enter");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: text(language, "common.close") })
        .press("Enter");
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(details).toBeFocused();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/home");
      await settle(page);
      await expectKeyboardNavigable(page, `/home at 1280 px in ${language}`);
      await page.setViewportSize({ width: 390, height: 844 });
    });
  });
}

/** A 7-day Turkey plan, as the packages page lists it. */
async function firstPlanId(page: Page): Promise<string> {
  const response = await page.request.get("/api/v1/app/destinations/TR/packages?days=7");
  return ((await response.json()).data.plans as { id: string }[])[0]!.id;
}
