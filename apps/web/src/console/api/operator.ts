import { getOperatorMe, operatorLogout } from "@esim/shared/console/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client.ts";
import { clearOperatorToken, operatorAuth } from "../lib/operator-session.ts";
import { CONSOLE_QUERY_KEY, consoleQueryKeys } from "./query-keys.ts";

export const operatorMeQuery = () =>
  queryOptions({
    queryKey: consoleQueryKeys.me,
    queryFn: async ({ signal }) => (await callApi(getOperatorMe, { signal, auth: operatorAuth })).data,
    staleTime: 5 * 60_000,
  });

/** Ends the session on the server, then here whatever the answer (a dead session is signed out all the same). */
export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await callApi(operatorLogout, { auth: operatorAuth });
      } finally {
        clearOperatorToken();
        queryClient.removeQueries({ queryKey: CONSOLE_QUERY_KEY });
      }
    },
  });
}
