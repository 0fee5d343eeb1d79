import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { notify } from "@/lib/notify";
import { useLogout } from "../api/logout";
import { errorMessage } from "../utils/error-message";
import { endSession } from "../utils/session";
import { AuthCard } from "./auth-card";
import "@/features/auth/i18n/en";

/**
 * /logout: Ready to Leave? Yes, Logout ends the session on the server, clears the four hints, tells the
 * page (which drops the realtime socket) and goes home; Stay Logged In goes home still signed in.
 */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    setError(null);
    logout.mutate(undefined, {
      onSuccess: ({ message }) => {
        endSession(queryClient);
        if (message) notify.success(message);
        navigate("/");
      },
      onError: (failure) =>
        setError(
          errorMessage(failure, {
            fallback: AUTH_MESSAGES.somethingWentWrongRetry,
            offline: AUTH_MESSAGES.networkError,
          }),
        ),
    });
  };

  return (
    <AuthCard
      header={
        <>
          <h1 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-300 uppercase">
            <LogOut aria-hidden="true" className="size-4" />
            {t("routes.logout.title")}
          </h1>
          <h2 className="mt-3 text-2xl font-semibold tracking-tight text-white sm:text-3xl">
            {t("logout.heading")}
          </h2>
          <p className="mt-2 text-sm text-ink-300 sm:text-base">{t("logout.body")}</p>
        </>
      }
    >
      {error ? (
        <FormMessage tone="error" className="mb-4">
          {error}
        </FormMessage>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={confirm}
          disabled={logout.isPending}
          className={buttonStyles({ className: "sm:flex-1" })}
        >
          {logout.isPending ? t("logout.confirming") : t("logout.confirm")}
        </button>
        <button
          type="button"
          onClick={() => navigate("/")}
          disabled={logout.isPending}
          className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}
        >
          {t("logout.stay")}
        </button>
      </div>
    </AuthCard>
  );
}
