import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { EmailBodySchema } from "@kalpa/contracts/api/auth";
import { OTP_LENGTH, TIMINGS_MS } from "@kalpa/contracts/constants";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { useTimeout } from "@/hooks/use-timeout";
import { useTranslation } from "@/i18n";
import { useForgotPassword } from "../api/forgot-password";
import { useResendResetOtp } from "../api/resend-reset-otp";
import { useResetPassword } from "../api/reset-password";
import { useVerifyResetOtp } from "../api/verify-reset-otp";
import { errorMessage, RECOVERY_REQUEST_FALLBACKS } from "../utils/error-message";
import { EmailField } from "./email-field";
import { OtpField } from "./otp-field";
import { PasswordMatch } from "./password-match";
import {
  RecoveryActions,
  RecoveryDone,
  RecoveryMessages,
  RecoveryStepHeading,
} from "./recovery-parts";
import "@/features/auth/i18n/en";

type Step = 1 | 2 | 3 | 4;
const TOTAL_STEPS = 4;

/**
 * Forgot password (spec section 4): 1 e-mail, 2 OTP (verified, then step 3 after 1 s), 3 new password
 * (reset, then step 4 after 1.5 s), 4 done. Back goes 2 to 1 and 3 to 2.
 */
export function PasswordRecovery({
  onBack,
  onFinished,
}: {
  onBack: () => void;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState("");
  const [otp, setOtp] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** A step reached after the success message has been shown for a moment. */
  const [advance, setAdvance] = useState<{ to: Step; after: number } | null>(null);
  const errorId = useId();

  const forgotPassword = useForgotPassword();
  const resendOtp = useResendResetOtp();
  const verifyOtp = useVerifyResetOtp();
  const resetPassword = useResetPassword();

  useTimeout(
    () => {
      if (!advance) return;
      setStep(advance.to);
      setAdvance(null);
      if (advance.to !== 4) setNotice(null);
    },
    advance ? advance.after : null,
  );

  const goTo = (target: Step) => {
    setError(null);
    setNotice(null);
    setStep(target);
  };

  const sendOtp = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = EmailBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.requestFailed);
      return;
    }
    forgotPassword.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setOtp("");
        setStep(2);
        setNotice(message ?? t("recovery.otpSentFallback"));
      },
      onError: (failure) => setError(errorMessage(failure, RECOVERY_REQUEST_FALLBACKS)),
    });
  };

  const resend = () => {
    setError(null);
    setNotice(null);
    resendOtp.mutate(
      { email },
      {
        onSuccess: ({ message }) => setNotice(message ?? t("recovery.otpSentFallback")),
        onError: (failure) => setError(errorMessage(failure, RECOVERY_REQUEST_FALLBACKS)),
      },
    );
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    verifyOtp.mutate(
      { email, otp },
      {
        onSuccess: ({ message }) => {
          setNotice(message ?? ACCOUNT_MESSAGES.resetOtpVerified);
          setAdvance({ to: 3, after: TIMINGS_MS.otpToNextStep });
        },
        onError: (failure) =>
          setError(
            errorMessage(failure, {
              fallback: AUTH_MESSAGES.invalidOtp,
              offline: AUTH_MESSAGES.networkError,
            }),
          ),
      },
    );
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    resetPassword.mutate(
      { email, newPassword, confirmPassword },
      {
        onSuccess: ({ message }) => {
          setNotice(message ?? ACCOUNT_MESSAGES.passwordReset);
          setAdvance({ to: 4, after: TIMINGS_MS.resetToComplete });
        },
        onError: (failure) =>
          setError(
            errorMessage(failure, {
              fallback: AUTH_MESSAGES.passwordResetFailed,
              offline: AUTH_MESSAGES.networkError,
            }),
          ),
      },
    );
  };

  if (step === 4) {
    return (
      <RecoveryDone
        icon={ShieldCheck}
        title={t("recovery.doneTitle")}
        message={notice ?? ACCOUNT_MESSAGES.passwordReset}
        onFinished={onFinished}
      />
    );
  }

  const advancing = advance !== null;
  const messages = <RecoveryMessages notice={notice} error={error} errorId={errorId} />;
  const heading = <RecoveryStepHeading step={step} total={TOTAL_STEPS} />;

  if (step === 1) {
    return (
      <form noValidate onSubmit={sendOtp} className="space-y-4">
        {heading}
        <EmailField
          label={t("recovery.email")}
          hint={t("recovery.passwordEmailHint")}
          value={email}
          onChange={setEmail}
          invalid={error !== null}
          errorId={errorId}
        />
        {messages}
        <RecoveryActions
          onBack={onBack}
          submitLabel={forgotPassword.isPending ? t("recovery.sending") : t("recovery.sendOtp")}
          submitDisabled={forgotPassword.isPending}
        />
      </form>
    );
  }

  if (step === 2) {
    return (
      <form noValidate onSubmit={verify} className="space-y-4">
        {heading}
        <OtpField
          label={t("recovery.otp")}
          hint={t("recovery.otpHint", { email })}
          value={otp}
          onChange={setOtp}
          disabled={advancing}
          invalid={error !== null}
          errorId={errorId}
        />
        {messages}
        <RecoveryActions
          onBack={() => goTo(1)}
          backDisabled={advancing}
          submitLabel={verifyOtp.isPending ? t("recovery.verifying") : t("recovery.verifyOtp")}
          submitDisabled={otp.length !== OTP_LENGTH || verifyOtp.isPending || advancing}
        />
        <p className="text-center text-sm text-ink-300">
          {t("recovery.noCode")}{" "}
          <button
            type="button"
            onClick={resend}
            disabled={resendOtp.isPending || advancing}
            className="rounded font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline disabled:opacity-50"
          >
            {resendOtp.isPending ? t("recovery.resending") : t("recovery.resendOtp")}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={reset} className="space-y-4">
      {heading}
      <fieldset disabled={advancing} className="space-y-4">
        <TextField
          label={t("recovery.newPassword")}
          hint={t("recovery.newPasswordHint")}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          invalid={error !== null}
          errorId={errorId}
        />
        <TextField
          label={t("recovery.confirmPassword")}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          invalid={error !== null}
          errorId={errorId}
        />
      </fieldset>
      <PasswordMatch password={newPassword} confirm={confirmPassword} />
      {messages}
      <RecoveryActions
        onBack={() => goTo(2)}
        backDisabled={advancing}
        submitLabel={
          resetPassword.isPending ? t("recovery.resetting") : t("recovery.resetPassword")
        }
        submitDisabled={
          newPassword === "" || confirmPassword === "" || resetPassword.isPending || advancing
        }
      />
    </form>
  );
}
