import type { ComponentType, ReactNode, SVGProps } from "react";
import { Link } from "react-router";
import {
  BookIcon,
  ChevronEndIcon,
  LogOutIcon,
  PlusIcon,
  ReceiptIcon,
  SlidersIcon,
  SupportIcon,
  TrashIcon,
  UserIcon,
} from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

const ROW =
  "flex min-h-14 w-full items-center gap-4 px-4 text-start hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600";

function RowContent({
  icon: Icon,
  children,
  tone = "default",
}: {
  icon: IconComponent;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <>
      <span
        className={`grid size-10 shrink-0 place-items-center rounded-xl ${tone === "danger" ? "bg-red-50 text-red-700" : "bg-brand-50 text-brand-700"}`}
      >
        <Icon className="size-5" />
      </span>
      <span className={`flex-1 font-medium ${tone === "danger" ? "text-red-700" : "text-slate-900"}`}>{children}</span>
    </>
  );
}

function LinkRow({ to, icon, children }: { to: string; icon: IconComponent; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={ROW}>
        <RowContent icon={icon}>{children}</RowContent>
        <ChevronEndIcon className="size-5 text-slate-400 rtl:-scale-x-100" />
      </Link>
    </li>
  );
}

interface AccountMenuProps {
  onSignOutRequest: () => void;
  onDeleteRequest: () => void;
}

/** The profile's menu: the account's screens, help, then sign out and delete. */
export function AccountMenu({ onSignOutRequest, onDeleteRequest }: AccountMenuProps) {
  const t = useT();
  const group = "divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80";
  return (
    <nav aria-label={t("profile.menuLabel")} className="space-y-4">
      <ul className={group}>
        <LinkRow to="/personal-information" icon={UserIcon}>
          {t("nav.personalInformation")}
        </LinkRow>
        <LinkRow to="/preferences" icon={SlidersIcon}>
          {t("nav.preferences")}
        </LinkRow>
        <LinkRow to="/orders" icon={ReceiptIcon}>
          {t("nav.orders")}
        </LinkRow>
        <LinkRow to="/account/credit/load" icon={PlusIcon}>
          {t("nav.creditLoad")}
        </LinkRow>
      </ul>
      <ul className={group}>
        <LinkRow to="/guide" icon={BookIcon}>
          {t("nav.guide")}
        </LinkRow>
        <LinkRow to="/support" icon={SupportIcon}>
          {t("nav.support")}
        </LinkRow>
      </ul>
      <ul className={group}>
        <li>
          <button type="button" className={ROW} onClick={onSignOutRequest}>
            <RowContent icon={LogOutIcon}>{t("profile.signOut")}</RowContent>
          </button>
        </li>
        <li>
          <button type="button" className={ROW} onClick={onDeleteRequest}>
            <RowContent icon={TrashIcon} tone="danger">
              {t("profile.deleteAccount")}
            </RowContent>
          </button>
        </li>
      </ul>
    </nav>
  );
}
