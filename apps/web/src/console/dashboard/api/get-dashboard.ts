import { getDashboard } from "@esim/shared/console/dashboard-contract";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { consoleQueryKeys } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

/** The shop's figures now; refreshed every minute while the dashboard is open (an on-call phone left on it). */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: consoleQueryKeys.dashboard,
    queryFn: async ({ signal }) => (await callApi(getDashboard, { signal, auth: operatorAuth })).data,
    refetchInterval: 60_000,
  });
