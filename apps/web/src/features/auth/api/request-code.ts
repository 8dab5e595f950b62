import { requestCode } from "@esim/shared/auth/contracts";
import type { Language } from "@esim/shared/locale";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

/** Asks for a sign-in code by email; the email goes out in the interface language. */
export function useRequestCode() {
  return useMutation({
    mutationFn: (input: { email: string; language: Language }) => callApi(requestCode, { body: input }),
  });
}
