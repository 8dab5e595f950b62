import { updateProfile } from "@esim/shared/account/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { ME_QUERY_KEY } from "../../../lib/session.ts";

/** `PATCH /profile`: name and country (email and phone are not editable). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; country: string }) => callApi(updateProfile, { body }),
    onSuccess: ({ data }) => queryClient.setQueryData(ME_QUERY_KEY, data),
  });
}
