import { isLanguage, type Language } from "@esim/shared/locale";
import { createBrowserRouter, type LoaderFunctionArgs, redirect } from "react-router";
import { RouteError } from "../components/ui/route-error.tsx";
import { changeLanguage, loadAllTexts } from "../lib/i18n.ts";
import { isAuthenticated } from "../lib/session.ts";
import { writePromoCode, writeReferralCode } from "../lib/storage.ts";
import { RootLayout } from "./layouts/root-layout.tsx";

/**
 * Any address with `?promo=` stores the code (upper-cased) and loses the parameter, without a new history entry;
 * `?ref=` (a friend's invite link, decision 079) keeps the invite code the same way until the first order uses it.
 * `?lang=` (the public storefront's "Choose this plan" links carry the page's language) sets the interface
 * language the same way, so a visitor from /ar/esim/… signs in and sees the cart in Arabic.
 */
async function captureAddressParams({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const promo = url.searchParams.get("promo");
  const language = url.searchParams.get("lang");
  const referral = url.searchParams.get("ref");
  if (promo === null && language === null && referral === null) return null;
  if (promo !== null && promo.trim() !== "") await writePromoCode(promo);
  if (referral !== null && referral.trim() !== "") await writeReferralCode(referral);
  if (isLanguage(language)) await changeLanguage(language);
  url.searchParams.delete("promo");
  url.searchParams.delete("lang");
  url.searchParams.delete("ref");
  const search = url.searchParams.toString();
  return redirect(`${url.pathname}${search ? `?${search}` : ""}${url.hash}`);
}

/** The home layout needs a session: a visitor goes to AuthPage with the way back. */
function requireSession({ request }: LoaderFunctionArgs) {
  if (isAuthenticated()) return null;
  const url = new URL(request.url);
  // The root loader, running alongside, has already stored these: the way back needs them no more.
  url.searchParams.delete("promo");
  url.searchParams.delete("lang");
  url.searchParams.delete("ref");
  const search = url.searchParams.toString();
  return redirect(`/login?redirect=${encodeURIComponent(`${url.pathname}${search ? `?${search}` : ""}`)}`);
}

function languageRoute(language: Language) {
  return {
    path: `/${language}`,
    lazy: async () => {
      const { setLanguageLoader } = await import("../routes/set-language.ts");
      return { loader: setLanguageLoader(language) };
    },
  };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: "root",
      element: <RootLayout />,
      errorElement: <RouteError />,
      loader: captureAddressParams,
      // Only an address carrying a promo code or a language needs the loader again.
      shouldRevalidate: ({ nextUrl }) =>
        nextUrl.searchParams.has("promo") || nextUrl.searchParams.has("lang") || nextUrl.searchParams.has("ref"),
      children: [
        {
          path: "/login",
          lazy: async () => {
            const route = await import("../routes/login.tsx");
            return { Component: route.LoginRoute, loader: route.loginLoader };
          },
        },
        {
          path: "/register",
          lazy: async () => {
            const route = await import("../routes/register.tsx");
            return { Component: route.RegisterRoute, loader: route.registerLoader };
          },
        },
        languageRoute("fr"),
        languageRoute("en"),
        languageRoute("ar"),
        {
          // The layouts are lazy too: a visitor's first screen (sign-in) needs neither, nor their texts, which
          // are loaded before either renders (decision 030).
          lazy: async () => {
            const [layout] = await Promise.all([import("./layouts/public-layout.tsx"), loadAllTexts()]);
            return { Component: layout.PublicLayout };
          },
          children: [
            {
              path: "/reset-password",
              lazy: async () => ({ Component: (await import("../routes/reset-password.tsx")).ResetPasswordRoute }),
            },
            {
              path: "/payment-callback",
              lazy: async () => ({
                Component: (await import("../routes/payment-callback.tsx")).PaymentCallbackRoute,
              }),
            },
            {
              path: "/success",
              lazy: async () => ({ Component: (await import("../routes/payment-result.tsx")).SuccessRoute }),
            },
            {
              path: "/failure",
              lazy: async () => ({ Component: (await import("../routes/payment-result.tsx")).FailureRoute }),
            },
          ],
        },
        {
          lazy: async () => {
            const [layout] = await Promise.all([import("./layouts/home-layout.tsx"), loadAllTexts()]);
            return { Component: layout.HomeLayout };
          },
          loader: requireSession,
          children: [
            { path: "/", loader: () => redirect("/home") },
            {
              path: "/home",
              lazy: async () => ({ Component: (await import("../routes/home.tsx")).HomeRoute }),
            },
            {
              path: "/profile",
              lazy: async () => ({ Component: (await import("../routes/profile.tsx")).ProfileRoute }),
            },
            {
              path: "/personal-information",
              lazy: async () => ({
                Component: (await import("../routes/personal-information.tsx")).PersonalInformationRoute,
              }),
            },
            {
              path: "/account/credit/load",
              lazy: async () => ({ Component: (await import("../routes/credit-load.tsx")).CreditLoadRoute }),
            },
            {
              path: "/preferences",
              lazy: async () => ({ Component: (await import("../routes/preferences.tsx")).PreferencesRoute }),
            },
            {
              path: "/search",
              lazy: async () => ({ Component: (await import("../routes/search.tsx")).SearchRoute }),
            },
            {
              path: "/packages/:code",
              lazy: async () => ({ Component: (await import("../routes/packages.tsx")).PackagesRoute }),
            },
            {
              path: "/esims",
              lazy: async () => ({ Component: (await import("../routes/esims.tsx")).EsimsRoute }),
            },
            {
              path: "/summary",
              lazy: async () => ({ Component: (await import("../routes/summary.tsx")).SummaryRoute }),
            },
            {
              path: "/cart",
              lazy: async () => ({ Component: (await import("../routes/cart.tsx")).CartRoute }),
            },
            {
              path: "/details/:id",
              lazy: async () => ({ Component: (await import("../routes/esim-details.tsx")).EsimDetailsRoute }),
            },
            {
              path: "/orders",
              lazy: async () => ({ Component: (await import("../routes/orders.tsx")).OrdersRoute }),
            },
            {
              path: "/status/:id",
              lazy: async () => ({ Component: (await import("../routes/order-status.tsx")).OrderStatusRoute }),
            },
            {
              path: "/guide",
              lazy: async () => {
                const route = await import("../routes/guide.tsx");
                return { Component: route.GuideRoute, loader: route.guideLoader };
              },
            },
            {
              path: "/guide/activation",
              lazy: async () => {
                const route = await import("../routes/guide-activation.tsx");
                return { Component: route.GuideActivationRoute, loader: route.guideActivationLoader };
              },
            },
            {
              path: "/guide/installation",
              lazy: async () => {
                const route = await import("../routes/guide-installation.tsx");
                return { Component: route.GuideInstallationRoute, loader: route.guideInstallationLoader };
              },
            },
            {
              path: "/compatibility",
              lazy: async () => ({ Component: (await import("../routes/compatibility.tsx")).CompatibilityRoute }),
            },
            {
              path: "/support",
              lazy: async () => ({ Component: (await import("../routes/support.tsx")).SupportRoute }),
            },
          ],
        },
        {
          path: "*",
          lazy: async () => ({ Component: (await import("../routes/not-found.tsx")).NotFoundRoute }),
        },
      ],
    },
  ]);
}
