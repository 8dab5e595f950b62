import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from "@esim/shared/auth/contracts";
import { useEffect, useReducer } from "react";
import { readPendingSignIn, removePendingSignIn, writePendingSignIn } from "../../../lib/storage.ts";

// The steps of signing in: email, then the code, then (new accounts) name and country; "done" while the app moves on.
// The code step outlives a reload of the tab while its code lives (sessionStorage): the email, the code's death and
// the resend countdown come back as they were, then the email step once the code is dead.

export type SignInStep = "email" | "code" | "profile" | "done";

interface SignInFlowState {
  step: SignInStep;
  email: string;
  /** When a new code may be asked for (epoch ms). */
  resendDeadlineMs: number | null;
  /** When the code sent last dies (epoch ms). */
  codeExpiresAtMs: number | null;
}

type SignInFlowAction =
  | { type: "codeSent"; email: string; resendAfterSeconds: number }
  | { type: "resendWindowSet"; resendAfterSeconds: number; isNewCode?: boolean }
  | { type: "codeExpired" }
  | { type: "emailChangeRequested" }
  | { type: "verified"; isProfileComplete: boolean };

const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;

/**
 * When a code sent now (or, told to wait `resendAfterSeconds`, sent that much before the full resend window) dies:
 * the server answers "too soon" with the wait left on the code it sent earlier, which lives from then.
 */
function codeExpiryMs(resendAfterSeconds: number): number {
  const sentAgoSeconds = Math.max(0, CODE_RESEND_SECONDS - resendAfterSeconds);
  return Date.now() + CODE_TTL_MS - sentAgoSeconds * 1000;
}

function reduceSignInFlow(state: SignInFlowState, action: SignInFlowAction): SignInFlowState {
  switch (action.type) {
    case "codeSent":
      return {
        step: "code",
        email: action.email,
        resendDeadlineMs: Date.now() + action.resendAfterSeconds * 1000,
        codeExpiresAtMs: codeExpiryMs(action.resendAfterSeconds),
      };
    case "resendWindowSet":
      return {
        ...state,
        resendDeadlineMs: Date.now() + action.resendAfterSeconds * 1000,
        ...(action.isNewCode ? { codeExpiresAtMs: codeExpiryMs(action.resendAfterSeconds) } : {}),
      };
    case "codeExpired":
    case "emailChangeRequested":
      return { ...state, step: "email", resendDeadlineMs: null, codeExpiresAtMs: null };
    case "verified":
      return { ...state, step: action.isProfileComplete ? "done" : "profile" };
  }
}

/** The code step of this tab's last sign-in when its code still lives; else the email step, its email filled in. */
function initialState(initialStep: SignInStep): SignInFlowState {
  const empty: SignInFlowState = { step: initialStep, email: "", resendDeadlineMs: null, codeExpiresAtMs: null };
  if (initialStep !== "email") return empty;
  const pending = readPendingSignIn();
  if (!pending) return empty;
  if (pending.codeExpiresAtMs <= Date.now()) return { ...empty, email: pending.email };
  return { step: "code", ...pending };
}

export function useSignInFlow(initialStep: SignInStep = "email") {
  const [state, dispatch] = useReducer(reduceSignInFlow, initialStep, initialState);
  const { step, email, resendDeadlineMs, codeExpiresAtMs } = state;

  useEffect(() => {
    if (step === "code" && codeExpiresAtMs !== null) {
      writePendingSignIn({ email, codeExpiresAtMs, resendDeadlineMs });
    } else {
      removePendingSignIn();
    }
  }, [step, email, resendDeadlineMs, codeExpiresAtMs]);

  // A dead code cannot be typed any more: back to the email step, to ask for another.
  useEffect(() => {
    if (step !== "code" || codeExpiresAtMs === null) return;
    const timer = setTimeout(() => dispatch({ type: "codeExpired" }), Math.max(0, codeExpiresAtMs - Date.now()));
    return () => clearTimeout(timer);
  }, [step, codeExpiresAtMs]);

  return [state, dispatch] as const;
}
