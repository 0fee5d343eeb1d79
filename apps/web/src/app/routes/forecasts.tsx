import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useAuthState } from "@/features/auth/hooks/use-auth-state";
import { sectionHref } from "@/features/dashboard/utils/sections";
import { OpenForecasts } from "@/features/forecasts/components/open-forecasts";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/**
 * /forecasts (public): gold, silver and the dollar index forecasts, open to every visitor and to
 * signed-in users alike, with the dashboard's forecast components.
 */
export function ForecastsRoute() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const title = t("routes.forecasts.title");
  return (
    <div className="relative isolate overflow-hidden">
      <DocumentTitle title={title} />
      <PageGlow />
      <Container className="py-10 sm:py-14">
        <OpenForecasts
          title={title}
          signedIn={auth.status !== "anonymous"}
          forecastingHref={sectionHref("forecasting")}
        />
      </Container>
    </div>
  );
}
