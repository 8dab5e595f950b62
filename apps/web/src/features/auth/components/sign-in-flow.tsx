import { lazy, Suspense } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useSignInFlow } from "../hooks/use-sign-in-flow.ts";
import { EmailStep } from "./email-step.tsx";

// The code step is fetched while the code is being sent (see onSubmit), not with the first screen.
const loadCodeStep = () => import("./code-step.tsx");
const CodeStep = lazy(() => loadCodeStep().then((module) => ({ default: module.CodeStep })));

// Only new accounts reach this step: keep its country list out of the sign-in screen's first load.
const CompleteProfileStep = lazy(() =>
  import("./complete-profile-step.tsx").then((module) => ({ default: module.CompleteProfileStep })),
);

/** AuthPage's form: email, code, then name and country for a new account; `onSignedIn` decides where to go. */
export function SignInFlow({ onSignedIn }: { onSignedIn: () => void }) {
  const [state, dispatch] = useSignInFlow();
  if (state.step === "email") {
    return (
      <EmailStep
        defaultEmail={state.email}
        onSubmit={() => void loadCodeStep()}
        onCodeSent={(email, resendAfterSeconds) => dispatch({ type: "codeSent", email, resendAfterSeconds })}
      />
    );
  }
  if (state.step === "code") {
    return (
      <Suspense fallback={<Spinner className="mx-auto size-8" />}>
        <CodeStep
          email={state.email}
          resendDeadlineMs={state.resendDeadlineMs}
          onResendWindow={(resendAfterSeconds, isNewCode) =>
            dispatch({ type: "resendWindowSet", resendAfterSeconds, isNewCode })
          }
          onChangeEmail={() => dispatch({ type: "emailChangeRequested" })}
          onVerified={({ isProfileComplete }) => {
            dispatch({ type: "verified", isProfileComplete });
            if (isProfileComplete) onSignedIn();
          }}
        />
      </Suspense>
    );
  }
  // Signed in: the app is moving on to the page asked for.
  if (state.step === "done") return <Spinner className="mx-auto size-8" />;
  return (
    <Suspense fallback={<Spinner className="mx-auto size-8" />}>
      <CompleteProfileStep onDone={onSignedIn} />
    </Suspense>
  );
}
