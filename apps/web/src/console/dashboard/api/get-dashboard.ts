import { getDashboard } from "@esim/shared/admin/dashboard-contract";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { operatorAuth } from "../operator-session.ts";
import { adminQueryKeys } from "./query-keys.ts";

/** The shop's figures now; refreshed every minute while the dashboard is open (an on-call phone left on it). */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: adminQueryKeys.dashboard,
    queryFn: async ({ signal }) => (await callApi(getDashboard, { signal, auth: operatorAuth })).data,
    refetchInterval: 60_000,
  });
