import type { ReactNode } from "react";
import { ErrorCircleIcon, InfoIcon } from "./icons.tsx";

/** An inline message; errors use role="alert" so they are read out as they appear. */
export function Alert({ tone = "error", children }: { tone?: "error" | "info"; children: ReactNode }) {
  const isError = tone === "error";
  return (
    <div
      role={isError ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-xl px-4 py-3 text-sm ${
        isError ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-brand-50 text-brand-900 ring-1 ring-brand-100"
      }`}
    >
      {isError ? <ErrorCircleIcon className="size-5 shrink-0" /> : <InfoIcon className="size-5 shrink-0" />}
      <div>{children}</div>
    </div>
  );
}
