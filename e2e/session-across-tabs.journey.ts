import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test("signing out in another tab signs this tab out", async ({ page, context, signIn }) => {
  await signIn({ email: uniqueEmail("tabs"), name: "Karim Haddad" });
  await page.goto("/profile");
  await expect(page.getByText("Karim Haddad")).toBeVisible();

  const otherTab = await context.newPage();
  await otherTab.goto("/profile");
  await expect(otherTab.getByText("Karim Haddad")).toBeVisible();
  await otherTab.evaluate(() => window.localStorage.removeItem("Token"));

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { level: 2, name: text("fr", "auth.email.title") })).toBeVisible();
});

test("signing in in another tab signs this tab in", async ({ page, context, request, readCode }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 2, name: text("fr", "auth.email.title") })).toBeVisible();

  const email = uniqueEmail("other-tab");
  await request.post("/api/v1/app/auth/register", { data: { name: "Sofia Mansouri", email, country: "DZ" } });
  const verified = await request.post("/api/v1/app/auth/verify", { data: { email, code: await readCode(email) } });
  const { token } = (await verified.json()).data as { token: string };

  const otherTab = await context.newPage();
  await otherTab.goto("/login");
  await otherTab.evaluate((value) => window.localStorage.setItem("Token", value), token);

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Sofia Mansouri")).toBeVisible();
});
