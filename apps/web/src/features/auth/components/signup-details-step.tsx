import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterForm, RegisterFormSchema } from "@kalpa/contracts/api/auth";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { useRegister } from "../api/register";
import { errorMessage } from "../utils/error-message";
import "@/features/auth/i18n/en";

export type SignupDetails = Required<{ [K in keyof RegisterForm]: string }>;

export const EMPTY_SIGNUP_DETAILS: SignupDetails = {
  name: "",
  email: "",
  mobile: "",
  username: "",
  password: "",
  confirmPassword: "",
};

/** The order the fields are checked in: the first problem is the one shown (spec section 5). */
const FIELD_ORDER = ["name", "email", "mobile", "username", "password", "confirmPassword"] as const;

/** Step 1: the six details, checked with the shared schema, then Send OTP (registers the account). */
export function SignupDetailsStep({
  defaultValues,
  onRegistered,
}: {
  defaultValues: SignupDetails;
  onRegistered: (result: { details: SignupDetails; username: string; message?: string }) => void;
}) {
  const { t } = useTranslation();
  const registerAccount = useRegister();
  const form = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  const { errors, isSubmitting } = form.formState;
  const firstProblem = FIELD_ORDER.map((field) => errors[field]?.message).find(Boolean);
  const shownError = firstProblem ?? failure;

  const onSubmit = form.handleSubmit(async (details) => {
    setFailure(null);
    const { confirmPassword: _confirm, ...body } = details;
    try {
      const { username, message } = await registerAccount.mutateAsync(body);
      onRegistered({ details, username, message });
    } catch (error) {
      setFailure(
        errorMessage(error, {
          fallback: AUTH_MESSAGES.somethingWentWrong,
          offline: AUTH_MESSAGES.networkError,
          unexpected: AUTH_MESSAGES.otpSendFailed,
        }),
      );
    }
  });

  const field = (name: (typeof FIELD_ORDER)[number]) => ({
    invalid: Boolean(errors[name]),
    errorId,
    ...form.register(name),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField label={t("signup.name")} autoComplete="name" required {...field("name")} />
      <TextField
        label={t("signup.email")}
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
        {...field("email")}
      />
      <TextField
        label={t("signup.mobile")}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint={t("signup.mobileHint")}
        required
        {...field("mobile")}
      />
      <TextField
        label={t("signup.username")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t("signup.usernameHint")}
        required
        {...field("username")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("signup.password")}
          type="password"
          autoComplete="new-password"
          hint={t("signup.passwordHint")}
          required
          {...field("password")}
        />
        <TextField
          label={t("signup.confirmPassword")}
          type="password"
          autoComplete="new-password"
          required
          {...field("confirmPassword")}
        />
      </div>
      {shownError ? (
        <FormMessage tone="error" id={errorId}>
          {shownError}
        </FormMessage>
      ) : null}
      <button
        type="submit"
        disabled={isSubmitting}
        className={buttonStyles({ className: "w-full" })}
      >
        {isSubmitting ? t("signup.sendingOtp") : t("signup.sendOtp")}
      </button>
    </form>
  );
}
