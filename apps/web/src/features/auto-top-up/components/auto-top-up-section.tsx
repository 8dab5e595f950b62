import { useAutoTopUp, useTopUpPlans } from "../api/auto-top-up.ts";
import { AutoTopUpSettings } from "./auto-top-up-settings.tsx";
import { TopUpFromCredit } from "./top-up-from-credit.tsx";

/**
 * Credit that works abroad, on an eSIM's details (decision 078): a top-up paid from credit in one tap, and the eSIM's
 * auto top-up. Nothing when the eSIM takes no top-up.
 */
export function AutoTopUpSection({ esimId, destinationCode }: { esimId: string; destinationCode: string }) {
  const plans = useTopUpPlans(esimId);
  const autoTopUp = useAutoTopUp(esimId);
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <>
      <TopUpFromCredit esimId={esimId} destinationCode={destinationCode} plans={plans.data} />
      {autoTopUp.data ? (
        <AutoTopUpSettings
          esimId={esimId}
          plans={plans.data}
          saved={autoTopUp.data.settings}
          boughtThisMonth={autoTopUp.data.boughtThisMonth}
        />
      ) : null}
    </>
  );
}
