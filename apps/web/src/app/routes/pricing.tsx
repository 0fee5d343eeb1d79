import { PricingPage } from "@/features/contribution/components/pricing-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/** /pricing: public, so it is light (no data to fetch: the spec's stats and price are constants). */
export function PricingRoute() {
  const { t } = useTranslation();
  const title = t("routes.pricing.title");
  return (
    <>
      <DocumentTitle title={title} />
      <PricingPage title={title} />
    </>
  );
}
