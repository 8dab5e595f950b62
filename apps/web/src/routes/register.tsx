import { Link, type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../app/layouts/auth-layout.tsx";
import { RegisterFlow } from "../features/auth/components/register-flow.tsx";
import { InviteBanner } from "../features/referrals/components/invite-banner.tsx";
import { useStoredReferral } from "../features/referrals/hooks/use-stored-referral.ts";
import { useT } from "../lib/i18n.ts";
import { safeRedirectTarget } from "../lib/navigation.ts";
import { isAuthenticated } from "../lib/session.ts";

export function registerLoader({ request }: LoaderFunctionArgs) {
  if (!isAuthenticated()) return null;
  return redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirect")));
}

/** /register: details, then the emailed code, then in. */
export function RegisterRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get("redirect"));
  const referral = useStoredReferral();
  return (
    <AuthLayout title={t("register.pageTitle")}>
      {referral ? (
        <div className="mb-5">
          <InviteBanner code={referral.code} />
        </div>
      ) : null}
      <RegisterFlow onSignedIn={() => navigate(target, { replace: true })} />
      <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
        {t("register.haveAccount")}{" "}
        <Link
          to={searchParams.has("redirect") ? `/login?${searchParams.toString()}` : "/login"}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t("register.signIn")}
        </Link>
      </p>
    </AuthLayout>
  );
}
