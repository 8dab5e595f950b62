import type { EsimClaims } from "@esim/shared/claims/contracts";
import { type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useT } from "../../../lib/i18n.ts";
import { useEsimClaims } from "../api/claims.ts";
import { ClaimForm } from "./claim-form.tsx";
import { ClaimStatus } from "./claim-status.tsx";

/** What the guided check needs (the route composes it from the guides feature) and tells back. */
export interface GuidedCheckProps {
  facts: Pick<EsimClaims, "apn" | "networks">;
  onFixed: () => void;
  onStillFailing: () => void;
}

type Stage = "idle" | "checking" | "fixed" | "claiming";

/**
 * An eSIM's "It doesn't work" (decision 080): the guided check of the phone, then the claim, then the claims as the
 * traveller follows them. While a claim is open, it is shown instead of a new check (one open claim per eSIM).
 */
export function ItDoesNotWork({
  esimId,
  renderCheck,
}: {
  esimId: string;
  /** The guided check of the phone, given by the route (it needs the guides feature's steps). */
  renderCheck: (props: GuidedCheckProps) => ReactNode;
}) {
  const t = useT();
  const found = useEsimClaims(esimId);
  const [stage, setStage] = useState<Stage>("idle");
  // Shown once its facts are in: a failed load leaves the rest of the eSIM's page (and its own alerts) alone.
  if (!found.data) return null;
  const { claims } = found.data;
  const hasOpenClaim = claims.some((claim) => claim.canReply);
  return (
    <Card>
      <section aria-labelledby="it-does-not-work-title" className="space-y-4">
        <h2 id="it-does-not-work-title" className="text-lg font-semibold text-slate-900">
          {t("claim.title")}
        </h2>
        {claims.map((claim) => (
          <ClaimStatus key={claim.id} claim={claim} />
        ))}
        {hasOpenClaim ? null : stage === "idle" || stage === "fixed" ? (
          <>
            {stage === "fixed" ? <p role="status">{t("claim.check.glad")}</p> : null}
            <Button variant="secondary" fullWidth onClick={() => setStage("checking")}>
              {t("claim.open")}
            </Button>
          </>
        ) : stage === "checking" ? (
          renderCheck({
            facts: found.data,
            onFixed: () => setStage("fixed"),
            onStillFailing: () => setStage("claiming"),
          })
        ) : (
          <ClaimForm esimId={esimId} onFiled={() => setStage("idle")} />
        )}
      </section>
    </Card>
  );
}
