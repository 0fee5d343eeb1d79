import { RESEARCH_ANALYST_MESSAGES } from "@kalpa/contracts/messages";
import { useLocation, useSearchParams } from "react-router";
import { useAcceptTermsSummary } from "@/features/access/api/accept-terms-summary";
import { useSubscriptionStatus } from "@/features/access/api/get-subscription-status";
import { useAuthState } from "@/features/auth/hooks/use-auth-state";
import { loginPathReturningTo, safeNextPath } from "@/features/auth/utils/safe-next-path";
import {
  type TermsAcceptance,
  TermsSummaryPage,
} from "@/features/research-analyst/components/terms-summary-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import { notify } from "@/lib/notify";
import "@/features/research-analyst/i18n/en";

/**
 * /terms-summary (public): the Most Important Terms and Conditions. A signed-in user who has not accepted
 * them accepts here (the live screens send them here, with ?next= to come back to).
 */
export function TermsSummaryRoute() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const signedIn = auth.status === "authenticated";
  const status = useSubscriptionStatus({ enabled: signedIn });
  const accept = useAcceptTermsSummary();
  const next = params.has("next") ? safeNextPath(params.get("next")) : null;

  let acceptance: TermsAcceptance;
  if (auth.status === "anonymous") {
    acceptance = { kind: "anonymous", loginPath: loginPathReturningTo(`${pathname}${search}`) };
  } else if (auth.status === "checking" || !status.data) {
    acceptance = { kind: "loading" };
  } else {
    const terms = status.data.termsSummary;
    if (terms.accepted) {
      acceptance = { kind: "accepted", acceptedAt: terms.acceptedAt, next };
    } else if (!terms.required) {
      acceptance = { kind: "not-required" };
    } else {
      acceptance = {
        kind: "required",
        pending: accept.isPending,
        error: accept.error ? accept.error.message : null,
        onAccept: () =>
          accept.mutate(undefined, {
            onSuccess: ({ message }) =>
              notify.success(message ?? RESEARCH_ANALYST_MESSAGES.termsAccepted),
          }),
      };
    }
  }
  return (
    <>
      <DocumentTitle title={t("analyst.terms.title")} />
      <TermsSummaryPage acceptance={acceptance} />
    </>
  );
}
