import { Spinner } from "../../../components/ui/spinner.tsx";
import { useSignInFlow } from "../hooks/use-sign-in-flow.ts";
import { CodeStep } from "./code-step.tsx";
import { CompleteProfileStep } from "./complete-profile-step.tsx";
import { RegisterForm } from "./register-form.tsx";

/** /register: the details first, then the code; a complete profile goes straight in. */
export function RegisterFlow({ onSignedIn }: { onSignedIn: () => void }) {
  const [state, dispatch] = useSignInFlow();
  if (state.step === "email") {
    return (
      <RegisterForm
        onCodeSent={(email, resendAfterSeconds) => dispatch({ type: "codeSent", email, resendAfterSeconds })}
      />
    );
  }
  if (state.step === "code") {
    return (
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
    );
  }
  // Signed in: the app is moving on to the page asked for.
  if (state.step === "done") return <Spinner className="mx-auto size-8" />;
  return <CompleteProfileStep onDone={onSignedIn} />;
}
