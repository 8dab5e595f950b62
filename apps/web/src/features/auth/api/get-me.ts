import { getMe } from "@esim/shared/auth/contracts";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { ME_QUERY_KEY } from "../../../lib/session.ts";
import { writePreferences } from "../../../lib/storage.ts";

/** The signed-in user's data (`data.data` of `GET /auth/me`); their saved preferences are mirrored in `userPreferences`. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        const { data } = await callApi(getMe, { signal });
        await writePreferences({ language: data.language, currency: data.currency });
        return data;
      } catch (error) {
        // A failed load is logged; a 401 already cleared the session in the client.
        console.error("Loading user data failed", error);
        throw error;
      }
    },
  });
}
