import { PLAN_PRICE_RUPEES } from "@kalpa/contracts/constants";
import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import type { RouteKey, TranslationResource } from "@/i18n/en";
import { formatRupees } from "@/lib/format";

/** Routes whose screen is not built yet: they have a line on what they will hold. */
type PlaceholderKey = {
  [K in RouteKey]: TranslationResource["routes"][K] extends { summary: string } ? K : never;
}[RouteKey];

/** A route whose screen is not built yet: its title, and a line on what it will hold. */
export function PlaceholderRoute({ routeKey }: { routeKey: PlaceholderKey }) {
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
