import { useSessionSocket } from "@/features/auth/hooks/use-session-socket";
import { ContactSection } from "@/features/contact/components/contact-section";
import { DashboardScreen } from "@/features/dashboard/components/dashboard-screen";
import { MarketCards } from "@/features/dashboard/components/market-cards";
import { useFaq } from "@/features/faq/hooks/use-faq";
import { simulatedDataNote } from "@/features/market/components/simulated-data-label";
import { useSignedInMarket } from "@/features/market/hooks/use-signed-in-market";
import { exchangeStatuses } from "@/features/market/utils/exchange-statuses";
import { inInstrumentOrder } from "@/features/market/utils/instrument-order";
import { SettingsScreen } from "@/features/settings/components/settings-screen";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useBrandName } from "@/features/site/hooks/use-brand-name";
import { useTranslation } from "@/i18n";
import "@/features/dashboard/i18n/en";

/**
 * The dashboard's live market cards with their data: the market overview, then the signed-in session's
 * socket; "Simulated data" and the market's clock whenever the feed is simulated.
 */
function LiveMarketCards() {
  const market = useSignedInMarket(useSessionSocket());
  const overview = market.data;
  return (
    <MarketCards
      snapshots={overview ? inInstrumentOrder(overview.snapshots) : null}
      statuses={overview ? exchangeStatuses(overview) : []}
      unavailable={!overview && market.isError}
      onRetry={() => void market.refetch()}
      retrying={market.isFetching}
      note={simulatedDataNote(overview)}
    />
  );
}

/**
 * The dashboard (behind the access guard). Composes the features it embeds, which do not import each
 * other: the contact card, the settings, the site's FAQ modal and the live market cards.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const { openFaq } = useFaq();
  return (
    <>
      <DocumentTitle title={t("routes.dashboard.title")} />
      <DashboardScreen
        brandName={brandName}
        onOpenFaq={openFaq}
        contact={
          <section aria-labelledby="dashboard-contact-heading">
            <h1
              id="dashboard-contact-heading"
              className="mb-6 text-2xl font-semibold tracking-tight text-white"
            >
              {t("dashboardPage.sidebar.contact")}
            </h1>
            <ContactSection embedded />
          </section>
        }
        settings={<SettingsScreen embedded />}
        markets={<LiveMarketCards />}
      />
    </>
  );
}
