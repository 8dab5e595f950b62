import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("a new traveller registers in Arabic, signs in with the mailed code, switches to English, renames themself and signs out", async ({
  page,
  readCode,
  shoot,
}) => {
  const email = uniqueEmail("amina");

  await page.goto("/ar");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar-DZ");
  await expect(page).toHaveTitle(text("ar", "meta.title"));
  await expect(page.getByRole("heading", { level: 2, name: text("ar", "auth.email.title") })).toBeVisible();

  await page.getByRole("link", { name: text("ar", "auth.createAccount") }).click();
  await expect(page).toHaveURL(/\/register(\?redirect=%2Fhome)?$/);
  await page.getByLabel(text("ar", "form.name")).fill("أمينة بن علي");
  await page.getByLabel(text("ar", "form.email")).fill(email);
  await page.getByLabel(text("ar", "form.country")).selectOption("DZ");
  await page.getByLabel(text("ar", "form.phoneOptional")).fill("0551 23 45 67");
  await page.getByRole("button", { name: text("ar", "register.submit") }).click();

  await expect(page.getByRole("heading", { name: text("ar", "auth.code.title") })).toBeVisible();
  await shoot(page, "register-ar-390-code");
  const code = await readCode(email);
  await page.getByRole("textbox", { name: text("ar", "codeInput.digit", { position: "1", total: "6" }) }).click();
  await page.keyboard.type(code);

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(text("ar", "home.greetingNamed", { name: "أمينة" }))).toBeVisible();
  await shoot(page, "home-ar-390");

  await page.getByRole("link", { name: text("ar", "nav.profile") }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("link", { name: text("ar", "nav.preferences") }).click();
  await page.getByRole("radio", { name: "English" }).check();
  await page.getByRole("button", { name: text("ar", "common.save") }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page).toHaveTitle(text("en", "meta.title"));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", text("en", "meta.description"));
  await expect(page.getByRole("dialog", { name: text("en", "preferences.saved.title") })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("LANG"))).toBe("en");
  await expect(page.getByRole("dialog")).toBeHidden({ timeout: 5_000 });

  await page.goto("/personal-information");
  const name = page.getByLabel(text("en", "form.name"));
  await expect(name).toHaveValue("أمينة بن علي");
  await name.fill("Amina Benali");
  await page.getByRole("button", { name: text("en", "common.save") }).click();
  await expect(page.getByRole("dialog", { name: text("en", "personal.saved.title") })).toBeVisible();

  await page.goto("/home");
  await expect(page.getByText(text("en", "home.greetingNamed", { name: "Amina" }))).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("button", { name: text("en", "profile.signOut") }).click();
  const signOutDialog = page.getByRole("dialog", { name: text("en", "signOut.title") });
  await expect(signOutDialog).toBeVisible();
  await signOutDialog.getByRole("button", { name: text("en", "profile.signOut") }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem("Token"))).toBeNull();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
});
