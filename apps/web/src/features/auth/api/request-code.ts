import { requestCode } from "@esim/shared/auth/contracts";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { readChosenLanguage } from "../../../lib/storage.ts";

/**
 * Asks for a sign-in code by email. The language sent is the one the visitor chose on this device (a public page's,
 * the picker's), if any: without one the server writes in the account's language, else the browser's (decision 073).
 */
export function useRequestCode() {
  return useMutation({
    mutationFn: async (input: { email: string }) => {
      const language = await readChosenLanguage();
      return callApi(requestCode, { body: { ...input, ...(language ? { language } : {}) } });
    },
  });
}
