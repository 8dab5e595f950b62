import { DELETE_CONFIRMATION_WORD, deleteAccount } from "@esim/shared/account/contracts";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { clearSession } from "../../../lib/session.ts";

/** `DELETE /profile` with the typed confirmation; the session ends with the account. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async () => {
      await callApi(deleteAccount, { body: { confirmation: DELETE_CONFIRMATION_WORD } });
      await clearSession("signed-out");
    },
  });
}
