import { PLAN_PRICE_RUPEES } from "@kalpa/contracts/constants";
import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import type { RouteKey } from "@/i18n/en";
import { formatRupees } from "@/lib/format";

/** A route whose screen is not built yet: its title, and a line on what it will hold. */
export function PlaceholderRoute({ routeKey }: { routeKey: Exclude<RouteKey, "policies"> }) {
  const { t } = useTranslation();
  const title = t(`routes.${routeKey}.title`);
  return (
    <>
      <DocumentTitle title={title} />
      <PlaceholderPage
        heading={title}
        summary={t(`routes.${routeKey}.summary`, { price: formatRupees(PLAN_PRICE_RUPEES) })}
      />
    </>
  );
}
