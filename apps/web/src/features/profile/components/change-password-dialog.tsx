import { ChangePasswordBodySchema } from "@kalpa/contracts/api/auth";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { useChangePassword } from "../api/change-password";
import { failureMessage } from "../utils/failure-message";
import "@/features/profile/i18n/en";

/** The Change Password modal: current, new and confirmation; closes on success and says so. */
export function ChangePasswordDialog({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className={buttonStyles({ variant: "secondary" })}>
        <KeyRound aria-hidden="true" className="size-4" />
        {t("profile.changePassword")}
      </DialogTrigger>
      <DialogContent
        title={t("profile.changePassword")}
        description={t("profile.changePasswordDescription")}
      >
        <ChangePasswordForm
          onChanged={() => {
            setOpen(false);
            onChanged();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const [values, setValues] = useState({
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = ChangePasswordBodySchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordUpdateFailed);
      return;
    }
    changePassword.mutate(values, {
      onSuccess: onChanged,
      onError: (failure) => setError(failureMessage(failure, AUTH_MESSAGES.passwordUpdateFailed)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <fieldset disabled={changePassword.isPending} className="space-y-4">
        <TextField
          label={t("profile.currentPassword")}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set("currentPassword")}
          invalid={error !== null}
          errorId={errorId}
        />
        <TextField
          label={t("profile.newPassword")}
          hint={t("profile.newPasswordHint")}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set("newPassword")}
          invalid={error !== null}
          errorId={errorId}
        />
        <TextField
          label={t("profile.confirmNewPassword")}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          invalid={error !== null}
          errorId={errorId}
        />
      </fieldset>
      {error ? (
        <FormMessage tone="error" id={errorId}>
          {error}
        </FormMessage>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <DialogClose className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}>
          {t("profile.cancel")}
        </DialogClose>
        <button
          type="submit"
          disabled={changePassword.isPending}
          className={buttonStyles({ className: "sm:flex-1" })}
        >
          {changePassword.isPending ? t("profile.updatingPassword") : t("profile.updatePassword")}
        </button>
      </div>
    </form>
  );
}
