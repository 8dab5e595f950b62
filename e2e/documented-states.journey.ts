import { buyTurkeyPlanByApi } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

// Decision 084: the states eSIM Access documents and a traveller lives in, as the upstream reports them (the local
// upstream is held in each documented pair), read on My eSIMs and the eSIM's page. The guide says to install at home
// and leave the line off: such an eSIM reads as ready, its days not started, never as expired.

test.use({ viewport: { width: 390, height: 844 } });

/** The words the traveller reads, from the catalogue (a status's meaning: its first sentence is enough). */
function wordsOf(language: "fr" | "ar") {
  const firstSentence = (id: Parameters<typeof text>[1]) => text(language, id).split(/[.։۔]/)[0]!;
  return {
    available: text(language, "esims.available"),
    expired: text(language, "esims.expired"),
    ready: firstSentence("esimStatus.readyFirstConnection"),
    installing: firstSentence("esimStatus.installing"),
    suspended: text(language, "esimStatusName.suspended"),
  };
}

for (const language of ["fr", "ar"] as const) {
  test(`an eSIM installed at home and left off reads as ready, its days not started (${language})`, async ({
    page,
    request,
    signIn,
    shootWidths,
  }) => {
    const words = wordsOf(language);
    const email = uniqueEmail(`states-${language}`);
    const token = await signIn({ email, language });
    // A 15-day Türkiye plan: its days start at the first connection.
    await buyTurkeyPlanByApi(request, { token, email, days: 15 });

    const auth = { authorization: `Bearer ${token}` };
    let iccid: string | undefined;
    await expect
      .poll(
        async () => {
          const list = await request.get("/api/v1/app/esims", { headers: auth });
          const esim = ((await list.json()).data as { available: { id: string }[] }).available[0];
          if (!esim) return undefined;
          const detail = await request.get(`/api/v1/app/esims/${esim.id}`, { headers: auth });
          iccid = ((await detail.json()).data as { iccid: string | null }).iccid ?? undefined;
          return iccid;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();

    /** Holds the upstream's profile in a documented pair; its webhook then refreshes our eSIM within seconds. */
    async function upstreamSays(esimStatus: string, smdpStatus: string) {
      const response = await request.put(`/dev/simulator/profiles/${iccid}/state`, {
        data: { esimStatus, smdpStatus },
      });
      expect(response.status()).toBe(200);
    }
    const available = page.getByRole("region", { name: words.available });

    await upstreamSays("GOT_RESOURCE", "INSTALLATION");
    await expect(async () => {
      await page.goto("/esims");
      await expect(available.getByText(words.installing)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    await upstreamSays("GOT_RESOURCE", "DISABLED");
    await expect(async () => {
      await page.goto("/esims");
      await expect(available.getByText(words.ready)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // Listed with the live ones, never under "expired", with no end date: the days have not started.
    await expect(page.getByRole("region", { name: words.expired })).toHaveCount(0);
    await shootWidths(page, `documented-states-ready-list-${language}`);
    await available.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/details\//);
    await expect(page.getByText(words.ready).first()).toBeVisible();
    await shootWidths(page, `documented-states-ready-details-${language}`);

    await upstreamSays("SUSPENDED", "ENABLED");
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(words.suspended).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await shootWidths(page, `documented-states-suspended-details-${language}`);
  });
}
