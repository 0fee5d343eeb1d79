import type { LucideIcon } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import "@/features/auth/i18n/en";

/** "Step n of 4" and what the step is for. */
export function RecoveryStepHeading({ step, total }: { step: 1 | 2 | 3; total: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-accent-300 uppercase">
        {t("recovery.stepOf", { step, total })}
      </p>
      <h3 className="mt-1 font-medium text-white">{t(`recovery.stepTitles.${step}`)}</h3>
    </div>
  );
}

/** The server's good news and the step's error, where a step shows them. */
export function RecoveryMessages({
  notice,
  error,
  errorId,
}: {
  notice: string | null;
  error: string | null;
  errorId: string;
}) {
  return (
    <>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {error ? (
        <FormMessage tone="error" id={errorId}>
          {error}
        </FormMessage>
      ) : null}
    </>
  );
}

/** Back and the step's main action, side by side from small screens up. */
export function RecoveryActions({
  onBack,
  backDisabled = false,
  submitLabel,
  submitDisabled,
}: {
  onBack: () => void;
  backDisabled?: boolean;
  submitLabel: string;
  submitDisabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row">
      <button
        type="button"
        onClick={onBack}
        disabled={backDisabled}
        className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}
      >
        {t("common.back")}
      </button>
      <button
        type="submit"
        disabled={submitDisabled}
        className={buttonStyles({ className: "sm:flex-1" })}
      >
        {submitLabel}
      </button>
    </div>
  );
}

/** The last screen of a recovery path: what happened, and Back to Sign In. */
export function RecoveryDone({
  icon: Icon,
  title,
  message,
  onFinished,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="text-center">
      <Icon aria-hidden="true" className="mx-auto size-10 text-accent-300" />
      <h3 className="mt-3 text-lg font-semibold text-white">{title}</h3>
      <p role="status" className="mt-2 text-sm text-ink-200">
        {message}
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
