import { useQueryClient } from "@tanstack/react-query";
import { Link, type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../app/layouts/auth-layout.tsx";
import { meQueryOptions } from "../features/auth/api/get-me.ts";
import { SignInFlow } from "../features/auth/components/sign-in-flow.tsx";
import { useLanguage, useT } from "../lib/i18n.ts";
import { safeRedirectTarget } from "../lib/navigation.ts";
import { isNativePlatform } from "../lib/platform.ts";
import { isAuthenticated, ME_QUERY_KEY } from "../lib/session.ts";

/** Someone already signed in has nothing to do here: on to where they were going. */
export function loginLoader({ request }: LoaderFunctionArgs) {
  if (!isAuthenticated()) return null;
  return redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirect")));
}

/** AuthPage: email, then the code; then back to the page that asked for sign-in, or home. */
export function LoginRoute() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const target = safeRedirectTarget(searchParams.get("redirect"));
  // The language follows the person (decision 073): the one chosen here becomes the account's, or, on a new device,
  // the account's is taken; then on to where they were going. Fetched at sign-in only, not with the first screen.
  const finishSignIn = async () => {
    try {
      const [account, { followLanguageAtSignIn }] = await Promise.all([
        queryClient.fetchQuery(meQueryOptions()),
        import("../features/account/hooks/use-change-language.ts"),
      ]);
      const saved = await followLanguageAtSignIn(account);
      if (saved) queryClient.setQueryData(ME_QUERY_KEY, saved);
    } catch {
      // The account could not be read (already logged): the screens keep the language shown, and load it themselves.
    }
    await navigate(target, { replace: true });
  };
  return (
    <AuthLayout title={t("auth.pageTitle")}>
      <SignInFlow onSignedIn={() => void finishSignIn()} />
      <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
        {t("auth.noAccount")}{" "}
        <Link
          to={searchParams.has("redirect") ? `/register?${searchParams.toString()}` : "/register"}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t("auth.createAccount")}
        </Link>
      </p>
      {/* The public shop window (server-rendered pages of the web origin, which the native apps do not serve). */}
      {!isNativePlatform() && (
        <p className="mt-3 text-center text-sm">
          <a href={`/${language}/esim`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t("auth.browseShop")}
          </a>
        </p>
      )}
    </AuthLayout>
  );
}
