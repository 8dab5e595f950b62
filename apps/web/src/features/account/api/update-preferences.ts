import { updatePreferences } from "@esim/shared/account/contracts";
import type { Me } from "@esim/shared/auth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { ME_QUERY_KEY } from "../../../lib/session.ts";
import { type Preferences, writePreferences } from "../../../lib/storage.ts";

/** `PUT /profile/preferences`, mirrored in `userPreferences` once the server has them. */
export async function savePreferences(preferences: Preferences): Promise<Me> {
  const { data } = await callApi(updatePreferences, { body: preferences });
  await writePreferences({ language: data.language, currency: data.currency });
  return data;
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
