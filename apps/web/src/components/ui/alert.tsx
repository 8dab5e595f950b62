import type { ReactNode } from "react";
import { ERROR_SUMMARY_ATTRIBUTE } from "../forms/use-focus-first-invalid.ts";
import { ErrorCircleIcon, InfoIcon } from "./icons.tsx";

/**
 * An inline message; errors use role="alert" so they are read out as they appear. A form's error summary
 * (`isErrorSummary`) can take the focus when a refusal names no field (`useFocusFirstInvalid`).
 */
export function Alert({
  tone = "error",
  isErrorSummary = false,
  children,
}: {
  tone?: "error" | "info";
  isErrorSummary?: boolean;
  children: ReactNode;
}) {
  const isError = tone === "error";
  return (
    <div
      role={isError ? "alert" : "status"}
      {...(isErrorSummary ? { tabIndex: -1, [ERROR_SUMMARY_ATTRIBUTE]: "" } : {})}
      className={`flex items-start focus:outline-3 focus:outline-brand-600 gap-3 rounded-xl px-4 py-3 text-sm ${
        isError ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-brand-50 text-brand-900 ring-1 ring-brand-100"
      }`}
    >
      {isError ? <ErrorCircleIcon className="size-5 shrink-0" /> : <InfoIcon className="size-5 shrink-0" />}
      <div>{children}</div>
    </div>
  );
}
