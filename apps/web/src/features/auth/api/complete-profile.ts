import { updateProfile } from "@esim/shared/account/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { ME_QUERY_KEY } from "../../../lib/session.ts";

/** The name and country a new account gives right after its first sign-in (`PATCH /profile`). */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; country: string }) => callApi(updateProfile, { body }),
    onSuccess: ({ data }) => queryClient.setQueryData(ME_QUERY_KEY, data),
  });
}
