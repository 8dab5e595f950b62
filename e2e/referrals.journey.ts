import { acceptTerms, continueToGateway, pressGatewayButton, summaryPayButton } from "./buying.ts";
import { consoleCli, expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

// Referrals (decision 079): an inviter shares their link; a friend follows it in another browser, signs in and buys
// on the sandbox gateway with the invite's discount on the summary; once the order is delivered the inviter's credit
// shows the reward; the friend's order refunded (cancellation approved by the operator) takes it back.

test.use({ viewport: { width: 390, height: 844 } });

const amount = (dinars: number) => `\u2068${dinars} DA\u2069`;

test("a referral is credited on delivery and taken back on refund", async ({
  page,
  browser,
  request,
  signIn,
  apiSignIn,
  shoot,
}, testInfo) => {
  test.setTimeout(120_000);
  // The inviter opens "Invite a friend" on their profile and copies the link.
  await signIn({ email: uniqueEmail("inviter"), name: "Yacine Merabet", language: "fr" });
  await page.goto("/profile");
  const card = page.getByRole("region", { name: text("fr", "referral.title") });
  const link = (await card.getByText(/\/register\?ref=/).textContent())!.trim();
  await expect(card.getByText(text("fr", "referral.earned", { amount: amount(0) }))).toBeVisible();
  await shoot(page, "referral-invite-fr-390");

  // The friend follows the link in a browser of their own, then signs in (their token seeded as the journeys do).
  const friendEmail = uniqueEmail("friend");
  const friendToken = await apiSignIn({ email: friendEmail, name: "Samia Kaci", language: "fr" });
  const friendContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: "fr-FR",
    extraHTTPHeaders: { "x-forwarded-for": "10.79.79.79" },
  });
  const friend = await friendContext.newPage();
  const invite = new URL(link);
  await friend.goto(`${invite.pathname}${invite.search}`);
  await expect.poll(() => friend.evaluate(() => window.localStorage.getItem("REFERRAL_CODE"))).toBeTruthy();
  await friend.evaluate((token) => window.localStorage.setItem("Token", token), friendToken);

  // The friend buys a 7-day Turkey plan: the summary shows the invite's discount as its own line.
  await friend.goto("/packages/TR?days=7");
  await friend.locator('a[href^="/cart?plan="]').first().click();
  await friend.getByRole("button", { name: text("fr", "cart.continue") }).click();
  await friend.getByLabel(text("fr", "form.phone")).fill("0661 98 76 54");
  await expect(friend.getByText(text("fr", "cart.referralDiscount"))).toBeVisible();
  await shoot(friend, "referral-summary-fr-390");
  await acceptTerms(friend, "fr");
  await summaryPayButton(friend, "fr").click();
  const gateway = await continueToGateway(friend, "fr");
  await pressGatewayButton(gateway, "fr", "pay");
  await expect(friend).toHaveURL(/\/success\?/, { timeout: 20_000 });
  const orderId = new URL(friend.url()).searchParams.get("orderId")!;
  await friend.goto(`/status/${orderId}`);
  await expect(friend.getByText(text("fr", "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });

  // The friend asks at once to cancel the unused eSIM (before it installs itself in the simulator).
  const headers = { authorization: `Bearer ${friendToken}` };
  const order = (await (await request.get(`/api/v1/app/orders/${orderId}`, { headers })).json()).data as {
    referralDiscountMinor: number;
    esims: { id: string; iccid: string }[];
  };
  expect(order.referralDiscountMinor).toBeGreaterThan(0);
  const asked = await request.post(`/api/v1/app/esims/${order.esims[0]!.id}/cancellation`, {
    headers,
    data: { reason: "Voyage annulé" },
  });
  expect(asked.status()).toBe(200);

  // Delivered: the inviter's credit shows the reward.
  await expect
    .poll(
      async () => {
        await page.goto("/profile");
        return card.getByText(text("fr", "referral.earned", { amount: amount(300) })).isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByText(text("fr", "storeCredit.kind.referral"))).toBeVisible();
  await shoot(page, "referral-rewarded-fr-390");

  // The operator approves the cancellation: the refund owed takes the reward back.
  expect(consoleCli("cancellation:approve", order.esims[0]!.iccid)).toContain("Approved");
  await expect
    .poll(
      async () => {
        await page.goto("/profile");
        return page.getByText(text("fr", "storeCredit.kind.referral_taken_back")).isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(card.getByText(text("fr", "referral.earned", { amount: amount(0) }))).toBeVisible();
  await expect(page.getByText(text("fr", "storeCredit.balance", { amount: amount(0) }))).toBeVisible();
  await shoot(page, "referral-taken-back-fr-390");
  await friendContext.close();
});
