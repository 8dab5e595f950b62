import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { getSession, subscribeToSession } from "../../../lib/session.ts";
import { meQueryOptions } from "../api/get-me.ts";

/** The session as screens see it: authenticated or not, and the user's data once loaded. */
export function useSession() {
  const session = useSyncExternalStore(subscribeToSession, getSession, getSession);
  const isAuthenticated = session.token !== null;
  const me = useQuery({ ...meQueryOptions(), enabled: isAuthenticated });
  return {
    isAuthenticated,
    endReason: session.endReason,
    user: isAuthenticated ? (me.data ?? null) : null,
    isUserLoading: isAuthenticated && me.isPending,
    userError: me.error,
  };
}
