import { sanitizeOtpInput } from "@kalpa/contracts/api/auth";
import { OTP_LENGTH } from "@kalpa/contracts/constants";
import { TextField } from "@/components/ui/text-field";

/**
 * The 6-digit code input: keeps only digits, at most six (spec section 5), with the numeric keypad and the
 * browser's one-time-code autofill.
 */
export function OtpField({
  label,
  hint,
  value,
  onChange,
  disabled,
  invalid,
  errorId,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  errorId?: string;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      name="otp"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      value={value}
      onChange={(event) => onChange(sanitizeOtpInput(event.target.value))}
      disabled={disabled}
      invalid={invalid}
      errorId={errorId}
      className="[&_input]:font-mono [&_input]:tracking-[0.5em]"
    />
  );
}
