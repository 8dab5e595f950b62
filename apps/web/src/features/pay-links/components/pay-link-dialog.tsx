import type { Plan } from "@esim/shared/catalog/contracts";
import { formatMoney } from "@esim/shared/money";
import { useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DialogPanel } from "../../../components/ui/dialog-panel.tsx";
import { ShareLink } from "../../../components/ui/share-link.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { useCreatePayLink } from "../api/pay-links.ts";
import { usePayLinkShareText } from "../lib/pay-link-share-text.ts";

/**
 * "Ask someone to pay": choose the plan (a top-up of `esimId`, or a new eSIM), make the link, then share it (share
 * sheet, WhatsApp, SMS, copy). The server keeps only the address's hash (decision 077): this device keeps the address
 * to share it again from the list while the link waits.
 */
export function PayLinkDialog({
  open,
  onOpenChange,
  plans,
  esimId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plans: Plan[];
  esimId: string | null;
}) {
  const t = useT();
  const { data: planData, validity } = usePlanText();
  const groupId = useId();
  const create = useCreatePayLink();
  const [planId, setPlanId] = useState<string | null>(null);
  const [clientReference, setClientReference] = useState(() => crypto.randomUUID());
  const chosen = plans.find((plan) => plan.id === (planId ?? plans[0]?.id)) ?? null;

  useEffect(() => {
    if (open) return;
    create.reset();
    setPlanId(null);
    setClientReference(crypto.randomUUID());
  }, [open, create.reset]);

  const titleOf = (plan: Plan) => t("plan.title", { data: planData(plan), validity: validity(plan.validityDays) });
  const shareTextOf = usePayLinkShareText();
  const made = create.data;
  const shareText = made ? shareTextOf(made.link, made.url) : "";

  return (
    <DialogPanel open={open} onOpenChange={onOpenChange} title={t("payLink.app.ask")}>
      {made ? (
        <div className="space-y-3">
          <Alert tone="info">{t("payLink.app.created")}</Alert>
          <ShareLink label={t("payLink.app.link")} url={made.url} text={shareText} title={t("payLink.app.ask")} />
        </div>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            create.mutate({ clientReference, packageId: chosen.id, esimId });
          }}
        >
          <p className="text-slate-700">{t("payLink.app.askHint")}</p>
          <fieldset aria-labelledby={groupId}>
            <legend id={groupId} className="font-semibold text-slate-900">
              {t("payLink.app.choosePlan")}
            </legend>
            <div className="mt-2 space-y-2">
              {plans.map((plan) => (
                <label
                  key={plan.id}
                  className="flex min-h-12 items-center gap-3 rounded-xl px-4 ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-brand-700"
                >
                  <input
                    type="radio"
                    name="pay-link-plan"
                    value={plan.id}
                    checked={chosen?.id === plan.id}
                    onChange={() => setPlanId(plan.id)}
                  />
                  <span className="flex-1">{titleOf(plan)}</span>
                  <bdi className="font-semibold">{formatMoney(plan.price.DZD, "DZD")}</bdi>
                </label>
              ))}
            </div>
          </fieldset>
          {create.error ? <Alert>{t(errorMessageId(create.error))}</Alert> : null}
          <Button type="submit" fullWidth isLoading={create.isPending} disabled={!chosen}>
            {t("payLink.app.create")}
          </Button>
        </form>
      )}
    </DialogPanel>
  );
}
