import { normalizeUsername } from "@kalpa/contracts/api/auth";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "@/i18n";
import { AuthCard } from "./auth-card";
import { SignupCompleteStep } from "./signup-complete-step";
import { EMPTY_SIGNUP_DETAILS, type SignupDetails, SignupDetailsStep } from "./signup-details-step";
import { SignupProgress } from "./signup-progress";
import { SignupVerifyStep } from "./signup-verify-step";
import "@/features/auth/i18n/en";

type SignupState =
  | { step: 1 }
  | { step: 2; username: string; notice?: string; resendOnOpen: boolean }
  | { step: 3; message?: string };

function initialState(verify: string | null): SignupState {
  const username = verify ? normalizeUsername(verify) : "";
  return username ? { step: 2, username, resendOnOpen: true } : { step: 1 };
}

/**
 * /signup: Details, Verify, Complete (spec sections 2 and 4). /signup?verify=<username> opens the Verify
 * step for an account that registered but never verified, and sends it a fresh OTP.
 */
export function SignupScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<SignupState>(() => initialState(params.get("verify")));
  // Kept while moving between steps, so Back shows what was typed.
  const [details, setDetails] = useState<SignupDetails>(EMPTY_SIGNUP_DETAILS);

  return (
    <AuthCard
      title={t("routes.signup.title")}
      subtitle={t("signup.subtitle")}
      footer={
        state.step === 3 ? null : (
          <>
            {t("signup.haveAccount")}{" "}
            <Link
              to="/login"
              className="font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
            >
              {t("signup.signIn")}
            </Link>
          </>
        )
      }
    >
      <SignupProgress step={state.step} />
      {state.step === 1 ? (
        <SignupDetailsStep
          defaultValues={details}
          onRegistered={(result) => {
            setDetails(result.details);
            setState({
              step: 2,
              username: result.username,
              notice: result.message ?? t("signup.otpSentFallback"),
              resendOnOpen: false,
            });
          }}
        />
      ) : null}
      {state.step === 2 ? (
        <SignupVerifyStep
          username={state.username}
          initialNotice={state.notice}
          resendOnOpen={state.resendOnOpen}
          onVerified={(message) => setState({ step: 3, message })}
          onBack={() => setState({ step: 1 })}
        />
      ) : null}
      {state.step === 3 ? <SignupCompleteStep message={state.message} /> : null}
    </AuthCard>
  );
}
