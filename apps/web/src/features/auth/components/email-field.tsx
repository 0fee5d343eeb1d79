import { isValidEmail } from "@kalpa/contracts/api/auth";
import { CircleCheck } from "lucide-react";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import "@/features/auth/i18n/en";

/** An e-mail input that shows a check mark once the address is valid (spec section 5, recovery). */
export function EmailField({
  label,
  value,
  onChange,
  disabled,
  invalid,
  errorId,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  errorId?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const valid = isValidEmail(value);
  return (
    <TextField
      label={label}
      hint={hint}
      name="email"
      type="email"
      autoComplete="email"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      invalid={invalid}
      errorId={errorId}
      trailing={
        valid ? (
          <span role="img" aria-label={t("recovery.emailValid")}>
            <CircleCheck aria-hidden="true" className="size-5 text-accent-400" />
          </span>
        ) : null
      }
    />
  );
}
