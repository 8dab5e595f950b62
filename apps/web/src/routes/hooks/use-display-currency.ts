import { DEFAULT_CURRENCY } from "@esim/shared/locale";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../../features/auth/hooks/use-session.ts";
import { readPreferences } from "../../lib/storage.ts";

/** The currency prices are shown in: the account's, else the stored preference (userPreferences), else DZD. */
export function useDisplayCurrency() {
  const { user } = useSession();
  const stored = useQuery({ queryKey: ["preferences", "stored"], queryFn: readPreferences, staleTime: Infinity });
  return user?.currency ?? stored.data?.currency ?? DEFAULT_CURRENCY;
}
