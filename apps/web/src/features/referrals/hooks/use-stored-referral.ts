import type { Quote } from "@esim/shared/checkout/contracts";
import type { ReferralInput } from "@esim/shared/referrals/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { readThisDeviceId } from "../../../lib/device-id.ts";
import { readReferralCode, removeReferralCode } from "../../../lib/storage.ts";

const storedReferralKey = ["referral", "stored"] as const;

/**
 * The invite a `?ref=` link left on this device, with the device's id, for the quote and the order (decision 079):
 * undefined while reading, null when there is none.
 */
export function useStoredReferral(): ReferralInput | null | undefined {
  const stored = useQuery({
    queryKey: storedReferralKey,
    queryFn: async () => {
      const code = await readReferralCode();
      return code ? { code, deviceId: await readThisDeviceId() } : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return stored.data;
}

/**
 * Forgets the stored invite once the server says it cannot be used (another order came first, a limit…): the next
 * visit sends none; this screen keeps it, so its polite "cannot be used" stays on screen.
 */
export function useForgetUnusableReferral(quote: Pick<Quote, "referral"> | undefined) {
  const isUnusable = quote?.referral?.isApplied === false;
  useEffect(() => {
    if (isUnusable) void removeReferralCode();
  }, [isUnusable]);
}
