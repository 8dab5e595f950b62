import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { operatorMeQuery } from "../api/operator.ts";
import type { MessageId } from "../lib/i18n.ts";
import { useT } from "../lib/i18n.ts";

/**
 * An admin-only screen: a support operator who opens its address is told so rather than shown an empty page. The
 * API's 403 stays the rule; this only spares them the failed requests.
 */
export function AdminsOnly({
  children,
  message = "console.adminsOnly",
}: {
  children: ReactNode;
  /** What the page is, for the support operator told it is not theirs. */
  message?: MessageId;
}) {
  const t = useT();
  const me = useQuery(operatorMeQuery());
  if (me.data === undefined) return <p className="text-slate-600">{t("common.loading")}</p>;
  if (me.data.role !== "admin") return <Alert>{t(message)}</Alert>;
  return children;
}
