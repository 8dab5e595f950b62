import { listOperatorSessions, revokeOperatorSession } from "@esim/shared/console/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { consoleQueryKeys } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

export const operatorSessionsQuery = () =>
  queryOptions({
    queryKey: consoleQueryKeys.sessions,
    queryFn: async ({ signal }) => (await callApi(listOperatorSessions, { signal, auth: operatorAuth })).data,
  });

/** Ends one of the operator's own sessions, then reads the list again. */
export function useRevokeOperatorSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(revokeOperatorSession, { params: { id }, auth: operatorAuth }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleQueryKeys.sessions }),
  });
}
