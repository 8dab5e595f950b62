import type { OperatorRole } from "@esim/shared/console/roles";
import {
  addTeamOperator,
  listTeam,
  resetTeamOperatorAuthenticator,
  updateTeamOperator,
} from "@esim/shared/console/team-contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

const teamKey = [...CONSOLE_QUERY_KEY, "team"] as const;

export const teamQuery = () =>
  queryOptions({
    queryKey: teamKey,
    queryFn: async ({ signal }) => (await callApi(listTeam, { signal, auth: operatorAuth })).data,
  });

/** Every team change reads the list again, whatever its outcome (another admin may have changed it too). */
function useTeamMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useAddTeamOperator() {
  return useTeamMutation((body: { email: string; role: OperatorRole }) =>
    callApi(addTeamOperator, { body, auth: operatorAuth }),
  );
}

export function useUpdateTeamOperator() {
  return useTeamMutation(({ id, ...body }: { id: string; role?: OperatorRole; isDisabled?: boolean }) =>
    callApi(updateTeamOperator, { params: { id }, body, auth: operatorAuth }),
  );
}

export function useResetTeamOperatorAuthenticator() {
  return useTeamMutation((id: string) =>
    callApi(resetTeamOperatorAuthenticator, { params: { id }, auth: operatorAuth }),
  );
}
