import { VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { OTP_LENGTH } from "@kalpa/contracts/constants";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { useResendSignupOtp } from "../api/resend-signup-otp";
import { useVerifySignupOtp } from "../api/verify-signup-otp";
import { errorMessage } from "../utils/error-message";
import { OtpField } from "./otp-field";
import "@/features/auth/i18n/en";

const RESEND_FALLBACKS = {
  fallback: AUTH_MESSAGES.somethingWentWrong,
  offline: AUTH_MESSAGES.networkError,
  unexpected: AUTH_MESSAGES.otpSendFailed,
};

/**
 * Step 2: the OTP mailed at step 1 (digits only, six at most), Verify, Resend (the server says how long to
 * wait), Back to step 1. With `resendOnOpen` (arriving from an unverified login) a fresh OTP is sent first.
 */
export function SignupVerifyStep({
  username,
  initialNotice,
  resendOnOpen = false,
  onVerified,
  onBack,
}: {
  username: string;
  initialNotice?: string;
  resendOnOpen?: boolean;
  onVerified: (message?: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const verifyOtp = useVerifySignupOtp();
  const resendOtp = useResendSignupOtp();
  const [otp, setOtp] = useState("");
  const [notice, setNotice] = useState<string | null>(initialNotice ?? null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const { mutateAsync: resendAsync } = resendOtp;
  const sentOnOpen = useRef(false);
  useEffect(() => {
    if (!resendOnOpen || sentOnOpen.current) return;
    sentOnOpen.current = true;
    resendAsync({ username }).then(
      ({ message }) => setNotice(message ?? t("signup.otpSentFallback")),
      (failure: unknown) => setError(errorMessage(failure, RESEND_FALLBACKS)),
    );
  }, [resendOnOpen, resendAsync, username, t]);

  const verify = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // As in the password recovery: an attempt replaces the "OTP sent" notice with its own outcome.
    setNotice(null);
    if (otp.length !== OTP_LENGTH) {
      setError(VALIDATION_MESSAGES.invalidOtp);
      return;
    }
    verifyOtp.mutate(
      { username, otp },
      {
        onSuccess: ({ message }) => onVerified(message),
        onError: (failure) =>
          setError(
            errorMessage(failure, {
              fallback: AUTH_MESSAGES.somethingWentWrong,
              offline: AUTH_MESSAGES.networkError,
              unexpected: AUTH_MESSAGES.otpVerificationFailed,
            }),
          ),
      },
    );
  };

  const resend = () => {
    setError(null);
    setNotice(null);
    resendOtp.mutate(
      { username },
      {
        onSuccess: ({ message }) => setNotice(message ?? t("signup.otpSentFallback")),
        onError: (failure) => setError(errorMessage(failure, RESEND_FALLBACKS)),
      },
    );
  };

  return (
    <form noValidate onSubmit={verify} className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-white">{t("signup.verifyTitle")}</h2>
        <p className="mt-1 text-sm text-ink-300">{t("signup.verifyBody", { username })}</p>
      </div>
      <OtpField
        label={t("signup.otp")}
        value={otp}
        onChange={setOtp}
        invalid={error !== null}
        errorId={errorId}
      />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {error ? (
        <FormMessage tone="error" id={errorId}>
          {error}
        </FormMessage>
      ) : null}
      {/* Laid out like the password recovery's code step: Back beside Verify, Resend as a link below. */}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button
          type="button"
          onClick={onBack}
          className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}
        >
          {t("common.back")}
        </button>
        <button
          type="submit"
          disabled={verifyOtp.isPending}
          className={buttonStyles({ className: "sm:flex-1" })}
        >
          {verifyOtp.isPending ? t("signup.verifying") : t("signup.verifyOtp")}
        </button>
      </div>
      <p className="text-center text-sm text-ink-300">
        {t("signup.noCode")}{" "}
        <button
          type="button"
          onClick={resend}
          disabled={resendOtp.isPending}
          className="rounded font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline disabled:opacity-50"
        >
          {resendOtp.isPending ? t("signup.resending") : t("signup.resendOtp")}
        </button>
      </p>
    </form>
  );
}
