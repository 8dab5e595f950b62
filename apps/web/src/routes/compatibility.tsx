import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Card } from "../components/ui/card.tsx";
import { Page } from "../components/ui/page.tsx";
import { CompatibilityRules } from "../features/compatibility/components/compatibility-rules.tsx";
import { DeviceSearch } from "../features/compatibility/components/device-search.tsx";
import { EidCheck } from "../features/compatibility/components/eid-check.tsx";
import { EidHelp } from "../features/compatibility/components/eid-help.tsx";
import { useT } from "../lib/i18n.ts";

/**
 * /compatibility?q=: the device rules, our list of eSIM phones searched by brand or model (the address follows
 * what is typed), and the EID check. The list is only loaded with this screen (lazy route).
 */
export function CompatibilityRoute() {
  const t = useT();
  const eidId = useId();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get("q") ?? "");

  const changeQuery = (next: string) => {
    setQuery(next);
    const q = next.trim();
    setParams(q ? new URLSearchParams({ q }) : new URLSearchParams(), { replace: true, preventScrollReset: true });
  };

  return (
    <Page title={t("screen.compatibility")} hasBack backTo="/guide">
      <p className="mb-6 text-slate-700">{t("compatibility.intro")}</p>
      <div className="grid gap-8">
        <CompatibilityRules />
        <DeviceSearch
          query={query}
          onQueryChange={changeQuery}
          onCheckEid={() => document.getElementById(eidId)?.querySelector("input")?.focus()}
        />
        <section id={eidId} aria-labelledby={`${eidId}-title`} className="scroll-mt-20">
          <h2 id={`${eidId}-title`} className="text-lg font-semibold text-slate-900">
            {t("compatibility.eid.title")}
          </h2>
          <p className="mt-2 text-slate-700">{t("compatibility.eid.intro")}</p>
          <Card className="mt-4">
            <EidHelp />
            <div className="mt-6 border-t border-slate-100 pt-6">
              <EidCheck />
            </div>
          </Card>
        </section>
      </div>
    </Page>
  );
}
