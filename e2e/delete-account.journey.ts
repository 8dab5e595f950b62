import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("a traveller deletes their account by typing the word of their language (in any case), and their session ends", async ({
  page,
  request,
  signIn,
}) => {
  const token = await signIn({ email: uniqueEmail("leaving"), name: "Yacine Brahimi" });
  await page.goto("/profile");
  await page.getByRole("button", { name: text("fr", "profile.deleteAccount") }).click();

  const dialog = page.getByRole("dialog", { name: text("fr", "account.delete.title") });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole("button", { name: text("fr", "account.delete.confirm") });
  await expect(confirm).toBeDisabled();
  const word = text("fr", "account.delete.word");
  const field = dialog.getByLabel(text("fr", "account.delete.typeWord", { word }));
  await field.fill(word.slice(0, -1));
  await expect(confirm).toBeDisabled();
  // A phone keyboard capitalises the first letter: the word counts whatever its case.
  await field.fill(`${word[0]}${word.slice(1).toLowerCase()}`);
  await confirm.click();

  await expect(page).toHaveURL(/\/login/);
  const me = await request.get("/api/v1/app/auth/me", { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});
