import { EmailBodySchema } from "@kalpa/contracts/api/auth";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { MailCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "@/i18n";
import { useForgotUsername } from "../api/forgot-username";
import { errorMessage, RECOVERY_REQUEST_FALLBACKS } from "../utils/error-message";
import { EmailField } from "./email-field";
import { RecoveryActions, RecoveryDone, RecoveryMessages } from "./recovery-parts";
import "@/features/auth/i18n/en";

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
      <RecoveryDone
        icon={MailCheck}
        title={t("recovery.usernameSentTitle")}
        message={sentMessage}
        onFinished={onFinished}
      />
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
      onError: (failure) => setError(errorMessage(failure, RECOVERY_REQUEST_FALLBACKS)),
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
      <RecoveryMessages notice={null} error={error} errorId={errorId} />
      <RecoveryActions
        onBack={onBack}
        submitLabel={forgotUsername.isPending ? t("recovery.sending") : t("recovery.sendUsername")}
        submitDisabled={forgotUsername.isPending}
      />
    </form>
  );
}
