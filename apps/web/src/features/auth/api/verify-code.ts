import { verifyCode } from "@esim/shared/auth/contracts";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { signIn } from "../../../lib/session.ts";

/** Exchanges email and code for a session token, then starts the session. */
export function useVerifyCode() {
  return useMutation({
    mutationFn: async (input: { email: string; code: string }) => {
      const { data } = await callApi(verifyCode, { body: input });
      await signIn(data.token);
      return data;
    },
  });
}
