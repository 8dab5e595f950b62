import type { ReactNode } from "react";
import { Card } from "../../../components/ui/card.tsx";
import { PhoneIcon, ShieldCheckIcon, SimIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

function Rule({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
      <span className="pt-1.5 text-slate-800">{children}</span>
    </li>
  );
}

/** The product's device rules: iOS 12.1+, Android 9.0+, a carrier-unlocked phone; and dual SIM. */
export function CompatibilityRules() {
  const t = useT();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t("compatibility.rules.title")}</h2>
      <ul className="mt-4 grid gap-3">
        <Rule icon={<PhoneIcon className="size-5" />}>{t("compatibility.rules.ios")}</Rule>
        <Rule icon={<PhoneIcon className="size-5" />}>{t("compatibility.rules.android")}</Rule>
        <Rule icon={<ShieldCheckIcon className="size-5" />}>{t("compatibility.rules.unlocked")}</Rule>
        <Rule icon={<SimIcon className="size-5" />}>{t("compatibility.rules.dualSim")}</Rule>
      </ul>
    </Card>
  );
}
