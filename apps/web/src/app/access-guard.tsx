import {
  ACCESS_MESSAGES,
  ADMIN_MESSAGES,
  RISK_DISCLOSURE_MESSAGES,
} from "@kalpa/contracts/messages";
import { useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { NoticeCard } from "@/components/ui/notice-card";
import { PageLoading } from "@/components/ui/page-loading";
import { useAcceptRiskDisclosure } from "@/features/access/api/accept-risk-disclosure";
import { useSubscriptionStatus } from "@/features/access/api/get-subscription-status";
import { AgreementRequired } from "@/features/access/components/agreement-required";
import { TermsRequired } from "@/features/access/components/terms-required";
import { AuthRequired } from "@/features/auth/components/auth-required";
import { useSignedInState } from "@/features/auth/hooks/use-signed-in-state";
import { loginPathReturningTo } from "@/features/auth/utils/safe-next-path";
import { endSession } from "@/features/auth/utils/session";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { preloadable } from "@/lib/preloadable";
import "@/features/access/i18n/en";

/**
 * What a protected page asks of the signed-in user beyond being signed in. An instrument's access is not
 * the guard's: the live screen shows its own Access Restricted (decision 018), and the server sends
 * nothing of an instrument to a user without its access.
 */
export interface AccessRule {
  /**
   * The risk disclosure agreement: every protected page asks for it (the dialog); "require" also keeps the
   * page's content back until it is accepted (dashboards and live screens, spec section 1).
   */
  agreement?: "ask" | "require";
}

/** The dialog and its agreement text load only for a user who has not accepted it. */
const { Component: RiskAgreementDialog } = preloadable(() =>
  import("@/features/access/components/risk-agreement-dialog").then(
    (module) => module.RiskAgreementDialog,
  ),
);

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * Wraps every protected route (spec sections 2 and 4, access guard page): Loading, then the page, or the
 * Authentication Required screen (401: Please login to continue; other failures: Unable to verify access,
 * with Retry). For a signed-in user it then applies the page's rule: the risk-agreement dialog while the
 * agreement is not accepted (blocking dashboards and live screens), and on those, while the operator's
 * research-analyst profile asks for them, the Most Important Terms and Conditions (accepted on /terms-summary).
 */
export function AccessGuard({ children, rule = {} }: { children: ReactNode; rule?: AccessRule }) {
  const signedIn = useSignedInState();
  if (signedIn.status === "loading") return <PageLoading />;
  if (signedIn.status === "granted") return <SignedInAccess rule={rule}>{children}</SignedInAccess>;
  return <NotSignedIn retry={signedIn.status === "error" ? signedIn.retry : undefined} />;
}

function NotSignedIn({ retry }: { retry?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("access.title")} />
      {retry ? (
        <AuthRequired message={ACCESS_MESSAGES.unableToVerify} onRetry={retry} />
      ) : (
        <AuthRequired message={ACCESS_MESSAGES.pleaseLogin} />
      )}
    </>
  );
}

function SignedInAccess({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const status = useSubscriptionStatus();
  const { pathname, search } = useLocation();
  const [agreementOpen, setAgreementOpen] = useState(true);
  const accept = useAcceptRiskDisclosure();
  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: ({ message }) => notify.success(message ?? RISK_DISCLOSURE_MESSAGES.accepted),
    });
  const blocking = rule.agreement === "require";

  // The session ended since it was checked: spec section 6, a 401 on the status goes to /login.
  if (isUnauthorized(status.error)) return <SessionEnded />;
  // Only the first answer is waited for: a page that asks again later (a failed status is fetched again
  // when another screen needs it) must not be taken down while it does.
  if (blocking && !status.isFetched) return <PageLoading />;

  // When the status cannot be read, the page decides (the server refuses what needs the agreement).
  const mustAccept = status.data?.riskDisclosure.accepted === false;
  // With the operator's research-analyst profile, its terms summary too (after the agreement).
  const terms = status.data?.termsSummary;
  const mustAcceptTerms = terms?.required === true && !terms.accepted;
  return (
    <>
      {mustAccept && blocking ? (
        <AgreementRequired onRead={() => setAgreementOpen(true)} />
      ) : mustAcceptTerms && blocking ? (
        <TermsRequired returnTo={`${pathname}${search}`} />
      ) : (
        children
      )}
      {mustAccept ? (
        <Suspense fallback={null}>
          <RiskAgreementDialog
            open={agreementOpen}
            onOpenChange={setAgreementOpen}
            accept={{ onAccept, isPending: accept.isPending, error: accept.error }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Ends what is left of the session on this device and goes to /login, to come back here afterwards. */
function SessionEnded() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const next = loginPathReturningTo(`${pathname}${search}${hash}`);
  useEffect(() => {
    endSession(queryClient);
    navigate(next, { replace: true });
  }, [queryClient, navigate, next]);
  return <PageLoading />;
}

/** Wraps the operator console: signed in (as every protected page), and with the admin role. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const signedIn = useSignedInState();
  if (signedIn.status === "loading") return <PageLoading />;
  if (signedIn.status !== "granted") {
    return <NotSignedIn retry={signedIn.status === "error" ? signedIn.retry : undefined} />;
  }
  if (signedIn.user.role === "admin") return children;
  return <OperatorOnly />;
}

function OperatorOnly() {
  const { t } = useTranslation();
  return (
    <NoticeCard
      icon={ShieldAlert}
      title={t("routes.admin.title")}
      message={ADMIN_MESSAGES.adminOnly}
      alert
    >
      <Link to="/dashboard" className={buttonStyles({ className: "sm:flex-1" })}>
        {t("accessGate.backToDashboard")}
      </Link>
    </NoticeCard>
  );
}
