import { formatNumber } from "@esim/shared/format";
import { useT } from "../../../lib/i18n.ts";

const BYTES_PER_MB = 1024 * 1024;
const MB_PER_GB = 1024;

/** Bytes as people read them ("1.25 GB", "300 MB"), in the UI language. */
export function useDataAmount() {
  const t = useT();
  return (bytes: number): string => {
    const mb = bytes / BYTES_PER_MB;
    if (mb >= MB_PER_GB) return t("plan.dataGb", { amount: formatNumber(Math.round((mb / MB_PER_GB) * 100) / 100) });
    return t("plan.dataMb", { amount: formatNumber(Math.round(mb)) });
  };
}
