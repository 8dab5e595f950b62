import type { ValidityAdvice } from "@esim/shared/catalog/validity-start";

/**
 * An eSIM whose days have not started has no end date yet (decision 050): how long it lasts once started, and when
 * to install it (or, installed, what starts it), as its plan says.
 */
export function ValidityNotStarted({ advice, isInstalled }: { advice: ValidityAdvice; isInstalled: boolean }) {
  return (
    <p className="mt-3 text-sm text-slate-800">
      <span className="font-semibold">{advice.lasts}</span> {isInstalled ? `${advice.starts}.` : advice.sentence}
    </p>
  );
}
