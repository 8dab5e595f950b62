import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getSession, ME_QUERY_KEY, subscribeToSession } from "../../../lib/session.ts";

/**
 * Keeps the user data in step with the session: every cached answer dropped when the session ends (the next
 * person on a shared phone must not see this user's eSIMs or orders), reloaded when another tab brings a new token.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let previousToken = getSession().token;
    return subscribeToSession(({ token }) => {
      if (token === previousToken) return;
      previousToken = token;
      if (token === null) queryClient.removeQueries();
      else void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    });
  }, [queryClient]);
}
