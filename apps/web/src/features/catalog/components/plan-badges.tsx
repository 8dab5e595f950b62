import type { Plan } from "@esim/shared/catalog/contracts";
import { RefreshIcon, WifiIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

/** The fastest network the plan reaches ("5G", "4G"), from its networks. */
export function bestNetworkType(plan: Pick<Plan, "networks">): string | null {
  const types = plan.networks.map((network) => network.networkType.toUpperCase());
  if (types.some((type) => type.includes("5G"))) return "5G";
  if (types.some((type) => type.includes("4G") || type.includes("LTE"))) return "4G";
  return types[0] ?? null;
}

/** Short facts under a plan: top-up support, hotspot, best network. */
export function PlanBadges({ plan }: { plan: Plan }) {
  const t = useT();
  const network = bestNetworkType(plan);
  const badge = "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium";
  return (
    <ul className="flex flex-wrap gap-2">
      {plan.supportsTopUp ? (
        <li className={`${badge} bg-emerald-50 text-emerald-800`}>
          <RefreshIcon className="size-3.5" />
          {t("plan.topUp")}
        </li>
      ) : null}
      <li
        className={`${badge} ${plan.isHotspotAllowed ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-700"}`}
      >
        <WifiIcon className="size-3.5" />
        {plan.isHotspotAllowed ? t("plan.hotspotAllowed") : t("plan.hotspotNotAllowed")}
      </li>
      {network ? (
        <li className={`${badge} bg-slate-100 text-slate-700`}>
          <bdi>{network}</bdi>
        </li>
      ) : null}
    </ul>
  );
}
