import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import type { ReactNode } from "react";
import { PageLoading } from "@/components/ui/page-loading";
import { AuthRequired } from "@/features/auth/components/auth-required";
import { useSignedInState } from "@/features/auth/hooks/use-signed-in-state";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/**
 * Wraps every protected route (spec section 2, access guard page): Loading, then the page, or the
 * Authentication Required screen (401: Please login to continue; other failures: Unable to verify access,
 * with Retry). Seam for issue 6: a route that names a required service adds a subscription check here,
 * after the sign-in check, showing Contribution Required when it fails.
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useSignedInState();
  if (signedIn.status === "loading") return <PageLoading />;
  if (signedIn.status === "granted") return children;
  return (
    <>
      <DocumentTitle title={t("access.title")} />
      {signedIn.status === "error" ? (
        <AuthRequired message={ACCESS_MESSAGES.unableToVerify} onRetry={signedIn.retry} />
      ) : (
        <AuthRequired message={ACCESS_MESSAGES.pleaseLogin} />
      )}
    </>
  );
}
