import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { LanguageSelect } from "../../components/language-select.tsx";
import { useT } from "../../lib/i18n.ts";
import { ADMIN_LOGIN_PATH, readOperatorToken } from "../../lib/operator-session.ts";
import { OperatorSignIn } from "../components/operator-sign-in.tsx";

/** Only console addresses are a way back from the console's sign-in. */
function consoleTarget(value: string | null): string {
  if (!value?.startsWith("/admin") || value.startsWith(ADMIN_LOGIN_PATH)) return "/admin";
  return value;
}

/** An operator already signed in (this tab) goes straight on. */
export function consoleLoginLoader({ request }: LoaderFunctionArgs) {
  if (readOperatorToken() === null) return null;
  return redirect(consoleTarget(new URL(request.url).searchParams.get("redirect")));
}

/** The console's sign-in page: email, emailed code, authenticator. */
export function ConsoleLoginRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-6">
      <div className="mx-auto flex max-w-md items-center justify-between gap-3">
        <p className="text-lg font-bold text-slate-900">{t("console.title")}</p>
        <LanguageSelect />
      </div>
      <main id="main" className="mx-auto mt-6 max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="sr-only">{t("console.signIn.pageTitle")}</h1>
        <OperatorSignIn onSignedIn={() => navigate(consoleTarget(searchParams.get("redirect")), { replace: true })} />
      </main>
    </div>
  );
}
