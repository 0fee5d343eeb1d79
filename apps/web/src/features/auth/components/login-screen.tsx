import type { User } from "@kalpa/contracts/api/session";
import { TIMINGS_MS } from "@kalpa/contracts/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { PageLoading } from "@/components/ui/page-loading";
import { useTimeout } from "@/hooks/use-timeout";
import { useTranslation } from "@/i18n";
import { useAuthState } from "../hooks/use-auth-state";
import { safeNextPath } from "../utils/safe-next-path";
import { startSession } from "../utils/session";
import { AuthCard } from "./auth-card";
import { LoginForm } from "./login-form";
import { RecoveryDialog } from "./recovery-dialog";
import "@/features/auth/i18n/en";

/**
 * /login (spec sections 2 and 4). Someone already signed in goes straight on; after signing in the page
 * shows the server's message for 1.5 s, then goes to `next` (a same-site path) or the dashboard.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const auth = useAuthState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [successMessage, setSuccessMessage] = useState<string | null>(null);

  useTimeout(
    () => navigate(next, { replace: true }),
    successMessage === null ? null : TIMINGS_MS.loginRedirect,
  );

  const onSignedIn = (user: User, message: string) => {
    // The message first, in the same update as the session: this page must not mistake its own sign-in
    // for "already signed in" and leave before the message has been shown.
    setSuccessMessage(message);
    startSession(queryClient, user);
  };

  if (successMessage === null && auth.status === "authenticated") {
    return <Navigate to={next} replace />;
  }
  if (successMessage === null && auth.status === "checking") return <PageLoading />;

  return (
    <AuthCard
      title={t("routes.login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link
            to="/signup"
            className="font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
          >
            {t("login.createAccount")}
          </Link>
        </>
      }
    >
      <LoginForm successMessage={successMessage} onSignedIn={onSignedIn} />
      <div className="mt-4 text-center">
        <RecoveryDialog disabled={successMessage !== null} />
      </div>
    </AuthCard>
  );
}
