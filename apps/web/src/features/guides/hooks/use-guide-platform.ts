import { useSearchParams } from "react-router";
import { type GuidePlatform, isGuidePlatform } from "../lib/platform.ts";

const PARAM = "phone";

/**
 * The platform a guide shows: the reader's choice, kept in the address (`?phone=android`) so it survives a
 * reload and is shared between the two guides, else the phone the page is read on.
 */
export function useGuidePlatform(detected: GuidePlatform): [GuidePlatform, (next: GuidePlatform) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = params.get(PARAM);
  const platform = isGuidePlatform(chosen) ? chosen : detected;
  const choose = (next: GuidePlatform) => {
    setParams(
      (current) => {
        current.set(PARAM, next);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [platform, choose];
}
