import { formatNumber } from "@esim/shared/format";
import type { Translate } from "./i18n.ts";

const BYTES_PER_MB = 1024 * 1024;
const MB_PER_GB = 1024;

/** Bytes as people read them ("1.25 GB", "300 MB", GB from 1024 MB), in `t`'s language: screens, emails, pushes. */
export function formatDataAmount(t: Translate, bytes: number): string {
  const mb = Math.max(0, bytes) / BYTES_PER_MB;
  if (mb >= MB_PER_GB) return t("plan.dataGb", { amount: formatNumber(Math.round((mb / MB_PER_GB) * 100) / 100) });
  return t("plan.dataMb", { amount: formatNumber(Math.round(mb)) });
}
