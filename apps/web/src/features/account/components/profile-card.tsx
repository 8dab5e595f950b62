import type { Me } from "@esim/shared/auth/contracts";
import { Card } from "../../../components/ui/card.tsx";
import { ShieldCheckIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

function initialsOf(name: string | null, email: string): string {
  const source = name?.trim() || email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ""}${parts[1]?.[0] ?? ""}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** Who is signed in: name, email (in <bdi>, it stays left to right in Arabic) and whether it is verified. */
export function ProfileCard({ user }: { user: Me }) {
  const t = useT();
  return (
    <Card className="flex items-center gap-4">
      <div
        className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-700 text-lg font-bold text-white"
        aria-hidden="true"
      >
        {initialsOf(user.name, user.email)}
      </div>
      {/* Name and address wrap rather than end in an ellipsis: a traveller checks the address the codes go to. */}
      <div className="min-w-0 wrap-anywhere">
        <p className="text-lg font-semibold text-slate-900">{user.name ?? t("profile.noName")}</p>
        <p className="text-slate-600">
          <bdi>{user.email}</bdi>
        </p>
        {user.verified ? (
          <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
            <ShieldCheckIcon className="size-4" />
            {t("profile.verified")}
          </p>
        ) : (
          <p className="mt-1 inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
            {t("profile.unverified")}
          </p>
        )}
      </div>
    </Card>
  );
}
