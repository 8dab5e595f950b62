import { requestOperatorCode, verifyOperatorCode, verifyOperatorTotp } from "@esim/shared/console/contracts";
import type { Language } from "@esim/shared/locale";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { storeOperatorToken } from "../../lib/operator-session.ts";

/** Step 1: an emailed code to the operator's address. */
export function useRequestOperatorCode() {
  return useMutation({
    mutationFn: (input: { email: string; language: Language }) => callApi(requestOperatorCode, { body: input }),
  });
}

/** Step 2: the emailed code checked; the answer says whether to enrol an authenticator or ask its code. */
export function useVerifyOperatorCode() {
  return useMutation({
    mutationFn: async (input: { email: string; code: string }) =>
      (await callApi(verifyOperatorCode, { body: input })).data,
  });
}

/** Step 3: the authenticator's code opens the console session (enrolling it on the first sign-in). */
export function useVerifyOperatorTotp() {
  return useMutation({
    mutationFn: async (input: { challenge: string; totp: string }) => {
      const { data } = await callApi(verifyOperatorTotp, { body: input });
      storeOperatorToken(data.token);
      return data;
    },
  });
}
