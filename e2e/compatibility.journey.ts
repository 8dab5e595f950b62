import { eidCheckDigits } from "../packages/shared/src/eid.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

// Device compatibility (decision 021): a traveller finds their phone in the list, then checks the EID read
// with *#06#: a digit copied wrong is caught, the right EID says the phone supports eSIM.

const FIRST_30 = "890490320000050000000000004242";
const RIGHT_EID = FIRST_30 + eidCheckDigits(FIRST_30);
/** Two neighbouring digits swapped, the commonest copying slip. */
const WRONG_EID = `${RIGHT_EID.slice(0, 26)}${RIGHT_EID[27]}${RIGHT_EID[26]}${RIGHT_EID.slice(28)}`;

const SEARCHES: Record<"fr" | "ar", { query: string; model: string }> = {
  fr: { query: "pixel 7", model: "Pixel 7 Pro" },
  // The brand typed in Arabic script.
  ar: { query: "سامسونج s24", model: "Galaxy S24 Ultra" },
};

for (const language of ["fr", "ar"] as const satisfies JourneyLanguage[]) {
  for (const width of [390, 1280]) {
    test(`a traveller in ${language} at ${width} px finds their phone and checks its EID`, async ({
      page,
      signIn,
      shoot,
    }) => {
      expect(RIGHT_EID).not.toBe(WRONG_EID);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await signIn({ email: uniqueEmail(`compat-${language}`), language });
      await page.goto("/compatibility");
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await expect(
        page.getByRole("heading", { level: 1, name: text(language, "screen.compatibility") }),
      ).toBeAttached();
      await expect(page.getByText(text(language, "compatibility.rules.ios"))).toBeVisible();

      const { query, model } = SEARCHES[language];
      await page.getByRole("searchbox", { name: text(language, "compatibility.search.label") }).fill(query);
      await expect(page.getByText(model, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/compatibility\?q=/);

      const eid = page.getByRole("textbox", { name: text(language, "compatibility.eid.label") });
      await expect(eid).toHaveAttribute("dir", "ltr");
      await eid.fill(WRONG_EID);
      await page.getByRole("button", { name: text(language, "compatibility.eid.check") }).click();
      await expect(page.getByText(text(language, "field.EID_CHECKSUM"))).toBeVisible();
      await expect(eid).toBeFocused();
      // Fixed bars are drawn where the page is scrolled to: shoot from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      if (width === 390) await shoot(page, `compatibility-${language}-${width}-wrong-eid`);

      await eid.fill(RIGHT_EID.replace(/(\d{4})(?=\d)/g, "$1 "));
      await page.getByRole("button", { name: text(language, "compatibility.eid.check") }).click();
      await expect(page.getByText(text(language, "compatibility.eid.valid"))).toBeVisible();
      await expect(page.getByText(text(language, "field.EID_CHECKSUM"))).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `compatibility-${language}-${width}`);
    });
  }
}
