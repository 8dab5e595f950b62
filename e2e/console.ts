import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { consoleCli, expect, uniqueEmail } from "./fixtures.ts";

export interface SignedInOperator {
  email: string;
  /** The authenticator, for a second sign-in of the same operator. */
  totp: OTPAuth.TOTP;
}

/**
 * Adds an operator with `npm run console -- operator:add` and signs them in to the console in French: the emailed code,
 * then the authenticator enrolled from the key shown beside the QR code. Ends on the dashboard.
 */
export async function signInNewOperator(
  page: Page,
  readCode: (email: string) => Promise<string>,
  role: "admin" | "support",
): Promise<SignedInOperator> {
  const email = uniqueEmail(`operator-${role}`);
  consoleCli("operator:add", email, "--role", role);
  await page.addInitScript(() => {
    if (!window.localStorage.getItem("LANG")) window.localStorage.setItem("LANG", "fr");
  });
  await page.goto("/admin/login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Recevoir le code" }).click();
  await page.getByLabel("Code à 6 chiffres de l’e-mail").fill(await readCode(email));
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("heading", { name: "Configurer votre application d’authentification" })).toBeVisible();
  const secret = (await page.locator("code").first().textContent())?.trim() ?? "";
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel("Code de l’application (6 chiffres)").fill(totp.generate());
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  return { email, totp };
}

/** Opens the console menu's "More" (Plus / المزيد), where the sections beyond the day's six are grouped. */
export async function openMoreSections(page: Page) {
  const more = page.locator("header nav details");
  if (!(await more.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await more.locator("summary").click();
  }
}

/** Follows a console section's link in the menu, from "More" when the section is grouped there. */
export async function openConsoleSection(page: Page, name: string) {
  const row = page.locator("header nav > ul").getByRole("link", { name, exact: true });
  await expect(page.locator("header nav details summary")).toBeVisible();
  if ((await row.count()) === 0) await openMoreSections(page);
  await page.locator("header nav").getByRole("link", { name, exact: true }).click();
}
