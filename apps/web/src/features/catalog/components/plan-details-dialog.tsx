import type { Plan } from "@esim/shared/catalog/contracts";
import type { Currency } from "@esim/shared/locale";
import { cartHref } from "@esim/ui/catalog";
import { Link } from "react-router";
import { BottomSheet } from "../../../components/ui/bottom-sheet.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { DialogPanel } from "../../../components/ui/dialog-panel.tsx";
import { useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { DESKTOP_QUERY, useMediaQuery } from "../../../lib/use-media-query.ts";
import { PlanDetails } from "./plan-details.tsx";

/** A plan's details: the bottom sheet on phones, a centred dialog on wide screens. */
export function PlanDetailsDialog({
  plan,
  destinationCode,
  currency,
  open,
  onOpenChange,
}: {
  plan: Plan | null;
  destinationCode: string;
  currency: Currency;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const { data, validity } = usePlanText();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  if (!plan) return null;
  const title = t("plan.title", { data: data(plan), validity: validity(plan.validityDays) });
  const footer = (
    <Link to={cartHref({ planId: plan.id, destinationCode })} className={buttonClasses("primary", "w-full")}>
      {t("plan.choose")}
    </Link>
  );
  const content = <PlanDetails plan={plan} currency={currency} />;
  return isDesktop ? (
    <DialogPanel open={open} onOpenChange={onOpenChange} title={title} footer={footer}>
      {content}
    </DialogPanel>
  ) : (
    <BottomSheet open={open} onOpenChange={onOpenChange} title={title} footer={footer}>
      {content}
    </BottomSheet>
  );
}
