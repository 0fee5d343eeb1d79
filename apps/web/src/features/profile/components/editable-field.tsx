import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { UpdateProfileBodySchema } from "@kalpa/contracts/api/auth";
import type { User } from "@kalpa/contracts/api/session";
import { type ComponentProps, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { notify } from "@/lib/notify";
import { useUpdateProfile } from "../api/update-profile";
import { failureMessage } from "../utils/failure-message";
import "@/features/profile/i18n/en";

export type EditableKey = "name" | "mobile";

/**
 * A profile field that is edited on its own (spec section 4): Update makes it editable, Save sends just
 * this field and returns to viewing, Cancel returns to viewing with the saved value.
 */
export function EditableField({
  field,
  label,
  value,
  editing,
  locked,
  onEdit,
  onDone,
  onUserChanged,
  inputProps,
}: {
  field: EditableKey;
  label: string;
  value: string;
  editing: boolean;
  /** Another field is being edited. */
  locked: boolean;
  onEdit: () => void;
  onDone: () => void;
  onUserChanged?: (user: User) => void;
  inputProps?: Omit<ComponentProps<"input">, "value" | "onChange">;
}) {
  const { t } = useTranslation();
  const update = useUpdateProfile({ onUserChanged });
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const startEditing = () => {
    setDraft(value);
    setError(null);
    onEdit();
  };

  const cancel = () => {
    setDraft(value);
    setError(null);
    onDone();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    // Enter in the field while only viewing it saves nothing.
    if (!editing) return;
    setError(null);
    const edit = field === "name" ? { name: draft } : { mobile: draft };
    const parsed = UpdateProfileBodySchema.safeParse(edit);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("profile.updateFailed"));
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        notify.success(message ?? ACCOUNT_MESSAGES.profileUpdated);
        onDone();
      },
      onError: (failure) => setError(failureMessage(failure, t("profile.updateFailed"))),
    });
  };

  return (
    <form noValidate onSubmit={save} className="py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          {...inputProps}
          ref={inputRef}
          label={label}
          value={editing ? draft : value}
          onChange={(event) => setDraft(event.target.value)}
          readOnly={!editing}
          disabled={update.isPending}
          invalid={error !== null}
          errorId={errorId}
          className="min-w-0 flex-1"
        />
        <div className="flex gap-2">
          {editing ? (
            <>
              <button
                key="save"
                type="submit"
                disabled={update.isPending}
                className={buttonStyles({ size: "sm", className: "h-11 flex-1 sm:flex-none" })}
              >
                {update.isPending ? t("profile.saving") : t("profile.save")}
              </button>
              <button
                type="button"
                onClick={cancel}
                disabled={update.isPending}
                className={buttonStyles({
                  variant: "secondary",
                  size: "sm",
                  className: "h-11 flex-1 sm:flex-none",
                })}
              >
                {t("profile.cancel")}
              </button>
            </>
          ) : (
            // Its own key: React must not turn this very button into Save during the click, or the
            // browser's default action for a submit button would send the unchanged value.
            <button
              key="update"
              type="button"
              onClick={startEditing}
              disabled={locked}
              aria-label={t("profile.updateField", { field: label })}
              className={buttonStyles({
                variant: "secondary",
                size: "sm",
                className: "h-11 w-full sm:w-auto",
              })}
            >
              {t("profile.update")}
            </button>
          )}
        </div>
      </div>
      {error ? (
        <FormMessage tone="error" id={errorId} className="mt-3">
          {error}
        </FormMessage>
      ) : null}
    </form>
  );
}
