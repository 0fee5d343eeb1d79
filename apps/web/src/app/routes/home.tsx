import { useAuthState } from "@/features/auth/hooks/use-auth-state";
import { LandingPage } from "@/features/landing/components/landing-page";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function HomeRoute() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const site = useSiteInfo();
  return (
    <>
      <DocumentTitle title={t("routes.home.title")} />
      {/* The ticker's snapshots arrive with the market-data issue's home socket. */}
      <LandingPage
        isSignedIn={auth.status !== "anonymous"}
        operator={site.data?.operator ?? null}
        snapshots={null}
      />
    </>
  );
}
