import { useT } from "../../lib/i18n.ts";
import { CancellationsQueue } from "../components/cancellations-queue.tsx";

/** /admin/cancellations: the cancellations and refunds queue, for admins and support alike. */
export function ConsoleCancellationsRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.cancellations.title")}</h1>
      <CancellationsQueue />
    </>
  );
}
