import { formatDataAmount } from "@esim/ui/data-amount";
import { useT } from "../../../lib/i18n.ts";

/** Bytes as people read them ("1.25 GB", "300 MB"), in the UI language: the same words as the alert emails. */
export function useDataAmount() {
  const t = useT();
  return (bytes: number): string => formatDataAmount(t, bytes);
}
