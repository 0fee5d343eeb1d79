import { EmailBodySchema } from "@kalpa/contracts/api/auth";
import { OTP_LENGTH, TIMINGS_MS } from "@kalpa/contracts/constants";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTimeout } from "@/hooks/use-timeout";
import { useForgotPassword } from "../api/forgot-password";
import { useResendResetOtp } from "../api/resend-reset-otp";
import { useResetPassword } from "../api/reset-password";
import { useVerifyResetOtp } from "../api/verify-reset-otp";
import { errorMessage } from "../utils/error-message";
import { EmailField } from "./email-field";
import { OtpField } from "./otp-field";
import { PasswordMatch } from "./password-match";

type Step = 1 | 2 | 3 | 4;
const TOTAL_STEPS = 4;

const REQUEST_FALLBACKS = {
  fallback: AUTH_MESSAGES.requestFailed,
  offline: AUTH_MESSAGES.somethingWentWrongRetry,
};

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
      onError: (failure) => setError(errorMessage(failure, REQUEST_FALLBACKS)),
    });
  };

  const resend = () => {
    setError(null);
    setNotice(null);
    resendOtp.mutate(
      { email },
      {
        onSuccess: ({ message }) => setNotice(message ?? t("recovery.otpSentFallback")),
        onError: (failure) => setError(errorMessage(failure, REQUEST_FALLBACKS)),
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
      <div className="text-center">
        <ShieldCheck aria-hidden="true" className="mx-auto size-10 text-accent-300" />
        <h3 className="mt-3 text-lg font-semibold text-white">{t("recovery.doneTitle")}</h3>
        <p role="status" className="mt-2 text-sm text-ink-200">
          {notice ?? ACCOUNT_MESSAGES.passwordReset}
        </p>
        <button
          type="button"
          onClick={onFinished}
          className={buttonStyles({ className: "mt-6 w-full" })}
        >
          {t("recovery.backToSignIn")}
        </button>
      </div>
    );
  }

  const advancing = advance !== null;
  const messages = (
    <>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {error ? (
        <FormMessage tone="error" id={errorId}>
          {error}
        </FormMessage>
      ) : null}
    </>
  );
  const stepHeading = (
    <div>
      <p className="text-xs font-semibold tracking-wide text-accent-300 uppercase">
        {t("recovery.stepOf", { step, total: TOTAL_STEPS })}
      </p>
      <h3 className="mt-1 font-medium text-white">{t(`recovery.stepTitles.${step}`)}</h3>
    </div>
  );
  const backButton = (onClick: () => void) => (
    <button
      type="button"
      onClick={onClick}
      disabled={advancing}
      className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}
    >
      {t("common.back")}
    </button>
  );

  if (step === 1) {
    return (
      <form noValidate onSubmit={sendOtp} className="space-y-4">
        {stepHeading}
        <EmailField
          label={t("recovery.email")}
          hint={t("recovery.passwordEmailHint")}
          value={email}
          onChange={setEmail}
          invalid={error !== null}
          errorId={errorId}
        />
        {messages}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {backButton(onBack)}
          <button
            type="submit"
            disabled={forgotPassword.isPending}
            className={buttonStyles({ className: "sm:flex-1" })}
          >
            {forgotPassword.isPending ? t("recovery.sending") : t("recovery.sendOtp")}
          </button>
        </div>
      </form>
    );
  }

  if (step === 2) {
    return (
      <form noValidate onSubmit={verify} className="space-y-4">
        {stepHeading}
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
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {backButton(() => goTo(1))}
          <button
            type="submit"
            disabled={otp.length !== OTP_LENGTH || verifyOtp.isPending || advancing}
            className={buttonStyles({ className: "sm:flex-1" })}
          >
            {verifyOtp.isPending ? t("recovery.verifying") : t("recovery.verifyOtp")}
          </button>
        </div>
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
      {stepHeading}
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {backButton(() => goTo(2))}
        <button
          type="submit"
          disabled={
            newPassword === "" || confirmPassword === "" || resetPassword.isPending || advancing
          }
          className={buttonStyles({ className: "sm:flex-1" })}
        >
          {resetPassword.isPending ? t("recovery.resetting") : t("recovery.resetPassword")}
        </button>
      </div>
    </form>
  );
}
