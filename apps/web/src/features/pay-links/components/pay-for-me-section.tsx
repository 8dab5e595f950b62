import type { Plan } from "@esim/shared/catalog/contracts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useT } from "../../../lib/i18n.ts";
import { usePayableTopUps, usePayLinks } from "../api/pay-links.ts";
import { PayLinkDialog } from "./pay-link-dialog.tsx";
import { PayLinkList } from "./pay-link-list.tsx";

/** The address parameter that opens the dialog at once (`/details/{esimId}?payForMe=1`, e.g. from auto top-up). */
export const PAY_FOR_ME_PARAM = "payForMe";

/**
 * "Ask someone to pay" (decision 077): for a top-up of `esimId` (its top-ups), or for a new eSIM among `plans`; the
 * traveller's links for it below, with their states. `?payForMe=1` opens the dialog directly.
 */
export function PayForMeSection(props: { esimId: string; plans?: undefined } | { esimId?: undefined; plans: Plan[] }) {
  const t = useT();
  const esimId = props.esimId ?? null;
  const [searchParams, setSearchParams] = useSearchParams();
  const [isOpen, setIsOpen] = useState(() => searchParams.get(PAY_FOR_ME_PARAM) === "1");
  const topUps = usePayableTopUps(esimId);
  const links = usePayLinks();
  const plans = props.plans ?? topUps.data ?? [];
  if (plans.length === 0) return null;
  const mine = (links.data ?? []).filter((link) =>
    esimId ? link.esimId === esimId : link.kind === "new" && plans.some((plan) => plan.id === link.packageId),
  );
  return (
    <Card>
      <section aria-labelledby="pay-for-me-title">
        <h2 id="pay-for-me-title" className="text-lg font-semibold text-slate-900">
          {t("payLink.app.ask")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("payLink.app.askHint")}</p>
        <Button variant="secondary" className="mt-3" onClick={() => setIsOpen(true)}>
          {t("payLink.app.ask")}
        </Button>
        <PayLinkList links={mine} />
      </section>
      <PayLinkDialog
        open={isOpen}
        onOpenChange={(open) => {
          setIsOpen(open);
          if (!open && searchParams.has(PAY_FOR_ME_PARAM)) {
            const next = new URLSearchParams(searchParams);
            next.delete(PAY_FOR_ME_PARAM);
            setSearchParams(next, { replace: true });
          }
        }}
        plans={plans}
        esimId={esimId}
      />
    </Card>
  );
}
