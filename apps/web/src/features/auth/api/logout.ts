import { logout } from "@esim/shared/auth/contracts";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { readThisDeviceId } from "../../../lib/device-id.ts";
import { clearSession } from "../../../lib/session.ts";

/** Revokes the token on the server, then clears the session here even if that call failed. */
export function useSignOut() {
  return useMutation({
    mutationFn: async () => {
      try {
        // Naming this device stops the server sending the account's pushes to it.
        await callApi(logout, { body: { deviceId: await readThisDeviceId() } });
      } catch (error) {
        console.warn("Sign-out call failed; clearing the session anyway", error);
      } finally {
        await clearSession("signed-out");
      }
    },
  });
}
