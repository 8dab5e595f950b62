import { getMyReferral } from "@esim/shared/referrals/contracts";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { readThisDeviceId } from "../../../lib/device-id.ts";

/** `GET /account/referral`: the invite link and what it brought; the device is named for the same-device limit. */
export function useMyReferral() {
  return useQuery({
    queryKey: ["account", "referral"],
    queryFn: async ({ signal }) =>
      (await callApi(getMyReferral, { query: { deviceId: await readThisDeviceId() }, signal })).data,
    staleTime: 0,
  });
}
