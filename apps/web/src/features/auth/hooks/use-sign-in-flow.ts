import { useReducer } from "react";

// The steps of signing in: email, then the code, then (new accounts) name and country.

export type SignInStep = "email" | "code" | "profile";

interface SignInFlowState {
  step: SignInStep;
  email: string;
  /** When a new code may be asked for (epoch ms). */
  resendDeadlineMs: number | null;
}

type SignInFlowAction =
  | { type: "codeSent"; email: string; resendAfterSeconds: number }
  | { type: "resendWindowSet"; resendAfterSeconds: number }
  | { type: "emailChangeRequested" }
  | { type: "profileRequired" };

function reduceSignInFlow(state: SignInFlowState, action: SignInFlowAction): SignInFlowState {
  switch (action.type) {
    case "codeSent":
      return { step: "code", email: action.email, resendDeadlineMs: Date.now() + action.resendAfterSeconds * 1000 };
    case "resendWindowSet":
      return { ...state, resendDeadlineMs: Date.now() + action.resendAfterSeconds * 1000 };
    case "emailChangeRequested":
      return { ...state, step: "email" };
    case "profileRequired":
      return { ...state, step: "profile" };
  }
}

export function useSignInFlow(initialStep: SignInStep = "email") {
  return useReducer(reduceSignInFlow, { step: initialStep, email: "", resendDeadlineMs: null });
}
