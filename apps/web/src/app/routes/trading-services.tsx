import { useLocation } from "react-router";
import { navbarHiddenBy } from "@/components/layouts/navbar";
import { ServicePicker } from "@/features/contribution/components/service-picker";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/** /trading-services; opened from the dashboard (`?hideNav=1`) it shows without the site's bar. */
export function TradingServicesRoute() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const title = t("routes.tradingServices.title");
  return (
    <>
      <DocumentTitle title={title} />
      <ServicePicker title={title} fromDashboard={navbarHiddenBy(search)} />
    </>
  );
}
