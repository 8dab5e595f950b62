import type { OrderListFilter } from "@esim/shared/console/orders-contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { saveFile } from "../../../lib/save-file.ts";
import { operatorMeQuery } from "../../api/operator.ts";
import { useT } from "../../lib/i18n.ts";
import { fetchOrdersCsv } from "../api/orders.ts";

/**
 * "Export CSV" of the orders the list shows (its filter as applied, every page): admins only, as the API decides
 * (the file holds every buyer's contact details; decision 074). Support operators are not offered it.
 */
export function OrdersExport({ filter }: { filter: OrderListFilter }) {
  const t = useT();
  const me = useQuery(operatorMeQuery());
  const [state, setState] = useState<"idle" | "saving" | "failed">("idle");
  if (me.data?.role !== "admin") return null;

  const download = async () => {
    setState("saving");
    try {
      await saveFile(await fetchOrdersCsv(filter), "orders.csv");
      setState("idle");
    } catch {
      setState("failed");
    }
  };

  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={download} isLoading={state === "saving"}>
        {t("console.orders.export")}
      </Button>
      {state === "failed" ? <Alert>{t("console.orders.exportFailed")}</Alert> : null}
    </div>
  );
}
