import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { LoginBodySchema } from "@kalpa/contracts/api/auth";
import type { User } from "@kalpa/contracts/api/session";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { useLogin } from "../api/login";
import { errorMessage } from "../utils/error-message";
import "@/features/auth/i18n/en";

interface Failure {
  message: string;
  /** Set when the account exists but its e-mail is not verified yet: offer to finish signing up. */
  unverifiedUsername?: string;
}

/**
 * Username and password (both required). While the request runs the button says Signing In...; on success
 * the server's message shows and the fields stay disabled until the page moves on.
 */
export function LoginForm({
  successMessage,
  onSignedIn,
}: {
  successMessage: string | null;
  onSignedIn: (user: User, message: string) => void;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { username: "", password: "" },
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const errorId = useId();
  const { errors, isSubmitting } = form.formState;
  const validationError = errors.username?.message ?? errors.password?.message;
  const shownError = validationError ?? failure?.message;
  const redirecting = successMessage !== null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { user, message } = await login.mutateAsync(values);
      onSignedIn(user, message ?? ACCOUNT_MESSAGES.loginSuccess);
    } catch (error) {
      setFailure({
        message: errorMessage(error, {
          fallback: AUTH_MESSAGES.loginFailedCredentials,
          offline: AUTH_MESSAGES.loginFailedRetry,
        }),
        unverifiedUsername: isApiError(error) && error.status === 403 ? values.username : undefined,
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <fieldset disabled={redirecting} className="space-y-4">
        <TextField
          label={t("login.username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          invalid={Boolean(errors.username) || Boolean(failure)}
          errorId={errorId}
          {...form.register("username")}
        />
        <TextField
          label={t("login.password")}
          type="password"
          autoComplete="current-password"
          required
          invalid={Boolean(errors.password) || Boolean(failure)}
          errorId={errorId}
          {...form.register("password")}
        />
      </fieldset>

      {shownError && !redirecting ? (
        <FormMessage tone="error" id={errorId}>
          <p>{shownError}</p>
          {!validationError && failure?.unverifiedUsername ? (
            <Link
              to={`/signup?verify=${encodeURIComponent(failure.unverifiedUsername)}`}
              className="mt-1 inline-block font-medium text-white underline underline-offset-4 hover:text-accent-200"
            >
              {t("login.verifyEmail")}
            </Link>
          ) : null}
        </FormMessage>
      ) : null}
      {redirecting ? <FormMessage tone="success">{successMessage}</FormMessage> : null}

      <button
        type="submit"
        disabled={isSubmitting || redirecting}
        className={buttonStyles({ className: "w-full" })}
      >
        {isSubmitting ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:hidden" />
        ) : null}
        {isSubmitting ? t("login.submitting") : t("login.submit")}
      </button>
    </form>
  );
}
