import * as OTPAuth from "otpauth";
import { openConsoleSection, openMoreSections } from "./console.ts";
import { consoleCli, expect, test, uniqueEmail } from "./fixtures.ts";

// An admin added with the command line signs in to the console for the first time on an on-call phone: the emailed
// code, then the authenticator enrolled from the key shown beside the QR code, then the dashboard, in French and in
// Arabic.

test.use({ viewport: { width: 390, height: 844 } });

test("an admin enrols an authenticator, signs in and sees the dashboard, in French then Arabic", async ({
  page,
  readCode,
}, testInfo) => {
  const email = uniqueEmail("operator");
  consoleCli("operator:add", email, "--role", "admin");
  await page.addInitScript(() => {
    if (!window.localStorage.getItem("LANG")) window.localStorage.setItem("LANG", "fr");
  });

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole("heading", { name: "Connexion opérateur" })).toBeVisible();
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Recevoir le code" }).click();

  await page.getByLabel("Code à 6 chiffres de l’e-mail").fill(await readCode(email));
  await page.getByRole("button", { name: "Continuer" }).click();

  await expect(page.getByRole("heading", { name: "Configurer votre application d’authentification" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: "QR code à scanner avec l’application d’authentification" }),
  ).toBeVisible();
  const secret = (await page.locator("code").first().textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.screenshot({ path: testInfo.outputPath("operator-enrol-fr-390.png"), fullPage: true });

  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel("Code de l’application (6 chiffres)").fill(totp.generate());
  await page.getByRole("button", { name: "Se connecter" }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await openMoreSections(page);
  await expect(page.getByRole("link", { name: "Journal d’audit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ventes par jour (30 jours)" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("operator-dashboard-fr-390.png"), fullPage: true });

  await page.getByLabel("Langue").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "لوحة المؤشرات" })).toBeVisible();
  await openMoreSections(page);
  await expect(page.getByRole("link", { name: "جلساتي" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("operator-dashboard-ar-390.png"), fullPage: true });

  await openConsoleSection(page, "جلساتي");
  await expect(page.getByText("هذه الجلسة")).toBeVisible();

  // The same console on a desk.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("link", { name: "لوحة المؤشرات" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "لوحة المؤشرات" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("operator-dashboard-ar-1280.png"), fullPage: true });
});
