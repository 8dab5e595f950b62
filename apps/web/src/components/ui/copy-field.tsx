import { useEffect, useId, useState } from "react";
import { useT } from "../../lib/i18n.ts";

const COPIED_MS = 2000;

/** A code to type into the phone's settings, left to right in every language, with a copy button; none when empty. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const t = useT();
  const id = useId();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // Nothing to copy, no button: a value the upstream has not given yet is never offered as an empty field.
  if (value.trim() === "") return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <div>
      <p id={id} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div className="mt-1 flex items-stretch gap-2">
        <output
          aria-labelledby={id}
          dir="ltr"
          className="min-w-0 flex-1 select-all break-all rounded-xl bg-slate-100 px-3 py-2 text-start font-mono text-sm text-slate-900"
        >
          {value}
        </output>
        <button
          type="button"
          onClick={copy}
          aria-label={t("install.copyNamed", { label })}
          className="shrink-0 rounded-xl px-3 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600"
        >
          {state === "copied" ? t("install.copied") : t("install.copy")}
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {state === "copied" ? t("install.copiedNamed", { label }) : state === "failed" ? t("install.copyFailed") : ""}
      </p>
    </div>
  );
}
