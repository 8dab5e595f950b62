import { type RegisterBody, register } from "@esim/shared/auth/register-contract";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

/** Creates (or refreshes) the account's details and sends its first sign-in code. */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => callApi(register, { body }) });
}
