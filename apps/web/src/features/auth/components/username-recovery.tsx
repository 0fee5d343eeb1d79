import { EmailBodySchema } from "@kalpa/contracts/api/auth";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { MailCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useForgotUsername } from "../api/forgot-username";
import { errorMessage } from "../utils/error-message";
import { EmailField } from "./email-field";

/** Forgot username: e-mail, then a screen saying the username was sent (check inbox and spam). */
export function UsernameRecovery({
  onBack,
  onFinished,
}: {
  onBack: () => void;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const forgotUsername = useForgotUsername();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const errorId = useId();

  if (sentMessage !== null) {
    return (
      <div className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto size-10 text-accent-300" />
        <h3 className="mt-3 text-lg font-semibold text-white">{t("recovery.usernameSentTitle")}</h3>
        <p role="status" className="mt-2 text-sm text-ink-200">
          {sentMessage}
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = EmailBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.requestFailed);
      return;
    }
    forgotUsername.mutate(parsed.data, {
      onSuccess: ({ message }) => setSentMessage(message ?? t("recovery.usernameSentFallback")),
      onError: (failure) =>
        setError(
          errorMessage(failure, {
            fallback: AUTH_MESSAGES.requestFailed,
            offline: AUTH_MESSAGES.somethingWentWrongRetry,
          }),
        ),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <h3 className="font-medium text-white">{t("recovery.chooseUsername")}</h3>
      <EmailField
        label={t("recovery.email")}
        hint={t("recovery.usernameEmailHint")}
        value={email}
        onChange={setEmail}
        invalid={error !== null}
        errorId={errorId}
      />
      {error ? (
        <FormMessage tone="error" id={errorId}>
          {error}
        </FormMessage>
      ) : null}
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
          disabled={forgotUsername.isPending}
          className={buttonStyles({ className: "sm:flex-1" })}
        >
          {forgotUsername.isPending ? t("recovery.sending") : t("recovery.sendUsername")}
        </button>
      </div>
    </form>
  );
}
