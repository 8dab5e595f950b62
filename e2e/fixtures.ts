import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";

import { E2E_SERVER_ENV } from "./playwright.config.ts";

export { expect };

/** Runs an operator command (`npm run console -- …`) against the journeys' server, as the shop's operator would. */
export function consoleCli(...args: string[]): string {
  return execFileSync(
    "node",
    ["--import", "tsx", path.join(import.meta.dirname, "../apps/api/src/console-cli/cli.ts"), ...args],
    {
      env: { ...process.env, ...E2E_SERVER_ENV, LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
}

/** The id of a plan of `destination` lasting `days` days, read from the public catalog. */
export async function findPlanId(
  request: import("@playwright/test").APIRequestContext,
  destination: string,
  days: number,
): Promise<string> {
  const response = await request.get(`/api/v1/app/destinations/${destination}/packages?days=${days}`);
  const plans = (await response.json()).data.plans as { id: string }[];
  expect(plans.length).toBeGreaterThan(0);
  return plans[0]!.id;
}

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** A unique promo code per journey run (coupon codes are unique in the shop), e.g. FREE-LX2A9-4K7Q. */
export function uniqueCouponCode(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

/** A unique address per journey run, so journeys never see each other's mail. */
export function uniqueEmail(prefix = "traveller"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.dz`;
}

type Traveller = { email: string; name?: string; country?: string; language?: "fr" | "en" | "ar" };

/** The widths screenshots are taken at: a phone and a desktop. */
export const SCREENSHOT_WIDTHS = [390, 1280] as const;

interface Fixtures {
  /** The newest sign-in code mailed to `email`, read from the dev mailbox as a user would. */
  readCode: (email: string) => Promise<string>;
  /** Registers and signs in through the API only (not in this page): another traveller's token, for seeding. */
  apiSignIn: (traveller: Traveller) => Promise<string>;
  /** Registers and signs in through the API (no clicking), leaving the token in this page's storage. */
  signIn: (
    options: Traveller & {
      /** Where the app keeps its storage: "" in a browser, `CapacitorStorage.` in the native apps' Preferences. */
      storageKeyPrefix?: string;
    },
  ) => Promise<string>;
  /** Takes a full-page screenshot under test-results/screenshots/. */
  shoot: (page: Page, name: string) => Promise<void>;
  /**
   * Takes the screen as it is at each of SCREENSHOT_WIDTHS, as `<name>-390` and `<name>-1280`, checking on the
   * phone that nothing is wider than the screen; the page goes back to its own size afterwards.
   */
  shootWidths: (page: Page, name: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // Each test comes from its own client address, as separate travellers do (the server trusts X-Forwarded-For).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const digest = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest();
    await use({ ...extraHTTPHeaders, "x-forwarded-for": `10.${digest[0]}.${digest[1]}.${digest[2]}` });
  },
  readCode: async ({ request }, use) => {
    await use(async (email) => {
      let code: string | undefined;
      await expect
        .poll(async () => {
          const response = await request.get("/dev/mailbox.json");
          const messages = (await response.json()) as MailboxMessage[];
          code = messages.find((message) => message.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
          return code;
        })
        .toBeTruthy();
      return code!;
    });
  },
  apiSignIn: async ({ request, readCode }, use) => {
    await use(async ({ email, name = "Amina Benali", country = "DZ", language = "fr" }) => {
      const registered = await request.post("/api/v1/app/auth/register", { data: { name, email, country, language } });
      expect(registered.status()).toBe(200);
      const code = await readCode(email);
      const verified = await request.post("/api/v1/app/auth/verify", { data: { email, code } });
      expect(verified.status()).toBe(200);
      return ((await verified.json()).data as { token: string }).token;
    });
  },
  signIn: async ({ page, apiSignIn }, use) => {
    await use(async ({ storageKeyPrefix = "", ...traveller }) => {
      const language = traveller.language ?? "fr";
      const token = await apiSignIn({ ...traveller, language });
      await page.addInitScript(
        ([storedToken, storedLanguage, prefix]) => {
          if (!window.sessionStorage.getItem("e2e-seeded")) {
            window.localStorage.setItem(`${prefix}Token`, storedToken);
            window.localStorage.setItem(`${prefix}LANG`, storedLanguage);
            window.sessionStorage.setItem("e2e-seeded", "1");
          }
        },
        [token, language, storageKeyPrefix] as const,
      );
      return token;
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  shoot: async ({}, use) => {
    await use(async (page, name) => {
      const file = path.join(import.meta.dirname, "../test-results/screenshots", `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
    });
  },
  shootWidths: async ({ shoot }, use) => {
    await use(async (page, name) => {
      const own = page.viewportSize();
      for (const width of SCREENSHOT_WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        if (width < 768) {
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
              message: `${name}: nothing wider than a ${width} px screen`,
            })
            .toBeLessThanOrEqual(width);
        }
        await shoot(page, `${name}-${width}`);
      }
      if (own) await page.setViewportSize(own);
    });
  },
});
