import type { Request } from "@playwright/test";
import { acceptTerms } from "./buying.ts";
import { emitNative, installFakeNativeBridge, nativeCalls, PREFERENCES_PREFIX } from "./fake-native-bridge.ts";
import { expect, findPlanId, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

// The built app as the iOS and Android shells run it: the same bundle, with a stand-in for Capacitor's bridge
// (e2e/fake-native-bridge.ts), so the native code paths run in Chromium against the real server.

test.use({ viewport: { width: 390, height: 844 } });

const SANDBOX_PAY = { fr: "Payer", ar: "ادفع" } as const;

const deviceSave = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/app/devices";

test("iOS: a launch link with a promo code, push registration, and paying in the system browser", async ({
  page,
  request,
  signIn,
  shoot,
}) => {
  await installFakeNativeBridge(page, {
    platform: "ios",
    launchUrl: "esimstore://esims?promo=ete26",
    pushPermission: "granted",
    pushToken: "apns-token-0a1b2c",
  });
  await signIn({ email: uniqueEmail("ios"), storageKeyPrefix: PREFERENCES_PREFIX });
  const planId = await findPlanId(request, "TR", 7);

  const deviceSaved = page.waitForRequest(deviceSave);
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("data-platform", "ios");

  // The link the app was opened with is handled after 1000 ms: /esims, the promo code kept upper-cased.
  await expect(page).toHaveURL(/\/esims$/, { timeout: 5_000 });
  expect(await page.evaluate((key) => window.localStorage.getItem(key), `${PREFERENCES_PREFIX}PROMO_CODE`)).toBe(
    "ETE26",
  );
  await shoot(page, "native-ios-esims-fr-390");

  // Permission granted, then the APNs token, then the device record with it.
  const device = (await deviceSaved).postDataJSON();
  expect(device).toMatchObject({
    device_type: "ios",
    platform: "ios",
    os_version: "17.5",
    push_token: "apns-token-0a1b2c",
    app_version: "1.4.0",
    device_locale: "fr-DZ",
    device_id: "fake-ios-device",
  });
  const permissionAsked = (await nativeCalls(page)).findIndex(
    (call) => call.method === "requestPermissions" && call.plugin === "PushNotifications",
  );
  const registered = (await nativeCalls(page)).findIndex(
    (call) => call.method === "register" && call.plugin === "PushNotifications",
  );
  expect(permissionAsked).toBeGreaterThanOrEqual(0);
  expect(registered).toBeGreaterThan(permissionAsked);

  // Paying opens the gateway in the system browser (SFSafariViewController), never in the app's web view.
  await page.goto(`/cart?plan=${planId}&destination=TR`);
  await page.getByRole("button", { name: text("fr", "cart.continue") }).click();
  await page.getByLabel(text("fr", "form.phone")).fill("0551 23 45 67");
  await acceptTerms(page, "fr");
  await page.getByRole("button", { name: new RegExp(text("fr", "summary.pay", { amount: "" }).trim()) }).click();
  await page.getByRole("button", { name: text("fr", "payment.modal.continue") }).click();
  await expect(page).toHaveURL(/\/payment-callback\?paymentId=/);
  await expect.poll(async () => (await nativeCalls(page, "Browser.open")).length).toBe(1);
  const [opened] = await nativeCalls(page, "Browser.open");
  const checkoutUrl = String(opened!.options.url);

  // The traveller pays in that browser; the gateway sends them to the App Link /success?paymentId=….
  const browser = await page.context().newPage();
  await browser.goto(checkoutUrl);
  await browser.getByRole("button", { name: new RegExp(`^${SANDBOX_PAY.fr}`) }).click();
  await expect(browser).toHaveURL(/\/success\?/, { timeout: 20_000 });
  const returnLink = new URL(browser.url());
  expect(returnLink.searchParams.get("paymentId")).toBeTruthy();
  await browser.close();

  // iOS hands the Universal Link to the app (here the server's PUBLIC_URL is http://127.0.0.1; in production it
  // is the https link host): the browser closes and the screen shows what the server says.
  const universalLink = new URL(`${returnLink.pathname}${returnLink.search}`, "https://esim-store.dz");
  await emitNative(page, "App", "appUrlOpen", { url: universalLink.href });
  await expect(page).toHaveURL(/\/success\?/);
  await expect(page.getByText(text("fr", "result.successMessage"))).toBeVisible({ timeout: 20_000 });
  expect(await nativeCalls(page, "Browser.close")).not.toHaveLength(0);
  await shoot(page, "native-ios-success-fr-390");

  // The invoice cannot be "downloaded" in an app: it goes to the share sheet (Save to Files, Mail…).
  await page.getByRole("link", { name: text("fr", "result.followOrder") }).click();
  await page.getByRole("button", { name: text("fr", "invoice.download") }).click();
  await expect.poll(async () => (await nativeCalls(page, "Share.share")).length).toBe(1);
  const [written] = await nativeCalls(page, "Filesystem.writeFile");
  expect(String(written!.options.path)).toMatch(/^ES\d{2}-\d{6}\.pdf$/);
  const [shared] = await nativeCalls(page, "Share.share");
  expect(shared!.options.files).toEqual([expect.stringMatching(/\.pdf$/)]);

  // The token survives a restart: it lives in Preferences, and the app opens signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/esims$/, { timeout: 5_000 });
  await expect(page.getByRole("heading", { level: 1, name: text("fr", "nav.esims") })).toBeVisible();
});

test("Android in Arabic: push refused, the back button, the status bar and a forged success link", async ({
  page,
  signIn,
  shoot,
}) => {
  await installFakeNativeBridge(page, { platform: "android", pushPermission: "denied" });
  await signIn({ email: uniqueEmail("android"), language: "ar", storageKeyPrefix: PREFERENCES_PREFIX });

  const deviceSaved = page.waitForRequest(deviceSave);
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("data-platform", "android");

  // Refused: no registration, and the record goes without a token.
  expect((await deviceSaved).postDataJSON()).toMatchObject({
    device_type: "android",
    push_token: null,
    model: "Google Pixel 8",
  });
  expect(await nativeCalls(page, "PushNotifications.register")).toHaveLength(0);

  // The status bar is painted the header's colour, with dark icons.
  await expect.poll(async () => (await nativeCalls(page, "StatusBar.setBackgroundColor")).length).toBe(1);
  expect((await nativeCalls(page, "StatusBar.setBackgroundColor"))[0]!.options).toEqual({ color: "#ffffff" });
  await shoot(page, "native-android-home-ar-390");

  // Back goes back in history; on /home it leaves the app.
  await page
    .getByRole("link", { name: text("ar", "nav.profile") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  await shoot(page, "native-android-profile-ar-390");
  await emitNative(page, "App", "backButton", { canGoBack: true });
  await expect(page).toHaveURL(/\/home$/);
  expect(await nativeCalls(page, "App.exitApp")).toHaveLength(0);
  await emitNative(page, "App", "backButton", { canGoBack: true });
  await expect.poll(async () => (await nativeCalls(page, "App.exitApp")).length).toBe(1);

  // A link claiming success for a payment that is not this user's is not believed: the server is asked.
  await emitNative(page, "App", "appUrlOpen", {
    url: "https://esim-store.dz/success?paymentId=00000000-0000-4000-8000-000000000000",
  });
  await expect(page).toHaveURL(/\/success\?paymentId=/);
  await expect(page.getByText(text("ar", "result.successMessage"))).toHaveCount(0);
  await shoot(page, "native-android-forged-success-ar-390");
});
