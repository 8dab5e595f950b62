import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { CodeText } from "../../components/ui/code-text.tsx";
import type { GuidedCheckProps } from "../../features/claims/components/it-does-not-work.tsx";
import { GuideSteps } from "../../features/guides/components/guide-steps.tsx";
import { PlatformSwitch } from "../../features/guides/components/platform-switch.tsx";
import type { GuideContent, GuideStep } from "../../features/guides/content/types.ts";
import { useGuideContent } from "../../features/guides/hooks/use-guide-content.ts";
import type { GuidePlatform } from "../../features/guides/lib/platform.ts";
import { type MessageId, useT } from "../../lib/i18n.ts";
import { useDetectedGuidePlatform } from "../hooks/use-detected-guide-platform.ts";

/** The checks, in the order that fixes most phones first (decision 080). */
const CHECKS = ["dataLine", "roaming", "apn", "network", "restart"] as const;
type Check = (typeof CHECKS)[number];

const TITLE: Record<Check, MessageId> = {
  dataLine: "claim.check.dataLine",
  roaming: "claim.check.roaming",
  apn: "claim.check.apn",
  network: "claim.check.network",
  restart: "claim.check.restart",
};

/** The activation guide's words for a check: its steps for this phone (the guides feature owns them). */
function checkSteps(content: GuideContent, platform: GuidePlatform, check: Check): readonly GuideStep[] {
  const activation = content.activation[platform];
  const noSignal = content.activation.noSignal[platform];
  if (check === "dataLine") return [...activation.turnOnLine.steps, ...activation.dataLine.steps];
  if (check === "roaming") return activation.roaming.steps;
  if (check === "apn") return activation.apn.steps;
  // The no-signal checklist: restart, airplane mode, then the network picked by hand.
  if (check === "network") return noSignal.slice(2, 3);
  return noSignal.slice(0, 2);
}

/**
 * "It doesn't work" (decision 080), composed here from two features: the claims' flow and the activation guide's
 * steps. The phone's settings checked one at a time (data line, roaming, APN, network, restart), for the
 * phone detected (switchable), each ending with "This fixed it" or "Still not working"; the last one failing opens
 * the claim.
 */
export function GuidedCheck({ facts, onFixed, onStillFailing }: GuidedCheckProps) {
  const t = useT();
  const content = useGuideContent();
  const [platform, setPlatform] = useState<GuidePlatform>(useDetectedGuidePlatform());
  const [index, setIndex] = useState(0);
  const check = CHECKS[index] ?? "restart";
  const operators = [...new Set(facts.networks.map((network) => network.operator))];
  return (
    <div className="space-y-4">
      <PlatformSwitch platform={platform} onChange={setPlatform} />
      <section aria-labelledby="claim-check-title" className="space-y-3">
        <p className="text-sm text-slate-600">{t("claim.check.progress", { step: index + 1, count: CHECKS.length })}</p>
        <h3 id="claim-check-title" className="text-lg font-semibold text-slate-900">
          {t(TITLE[check])}
        </h3>
        {check === "apn" ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-800">
            {facts.apn ? (
              <>
                {t("claim.check.apnValue")} <CodeText>{facts.apn}</CodeText>
              </>
            ) : (
              t("claim.check.apnAutomatic")
            )}
          </p>
        ) : null}
        {check === "network" ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-800">
            {t("claim.check.networkAutomatic")}{" "}
            {operators.length > 0 ? t("claim.check.networkList", { networks: operators.join(", ") }) : null}
          </p>
        ) : null}
        {content ? <GuideSteps steps={checkSteps(content, platform, check)} /> : null}
      </section>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="secondary" onClick={onFixed}>
          {t("claim.check.fixed")}
        </Button>
        <Button
          onClick={() => {
            if (index + 1 < CHECKS.length) setIndex(index + 1);
            else onStillFailing();
          }}
        >
          {t("claim.check.stillFailing")}
        </Button>
      </div>
    </div>
  );
}
