import { activeSubscriptions } from "@kalpa/contracts/api/access";
import { type AccessKey, type ForecastSlug, INSTRUMENTS } from "@kalpa/contracts/names";
import { useMemo } from "react";
import { useAccessDetails } from "@/app/access-details";
import { useSubscriptionStatus } from "@/features/access/api/get-subscription-status";
import { useExpiryToasts } from "@/features/access/hooks/use-expiry-toasts";
import { readSubscriptionHint } from "@/features/access/utils/subscription-hint";
import { useSessionSocket } from "@/features/auth/hooks/use-session-socket";
import { ContactSection } from "@/features/contact/components/contact-section";
import { DashboardScreen } from "@/features/dashboard/components/dashboard-screen";
import { MarketCards } from "@/features/dashboard/components/market-cards";
import { useFaq } from "@/features/faq/hooks/use-faq";
import { ForecastPage } from "@/features/forecasts/components/forecast-page";
import { JournalPage } from "@/features/journal/components/journal-page";
import { marketDataNote } from "@/features/market/components/simulated-data-label";
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
 * socket; "Simulated data" and the market's clock whenever the feed is simulated, "Stale data" (and no
 * exchange Active) while a broker's feed is down.
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
      note={marketDataNote(overview)}
    />
  );
}

/**
 * The instruments the user can open (spec section 5: the active subscriptions), from the subscription
 * status, or from the `userSubscription` hint this browser kept while the status is on its way.
 */
function useActiveAccess() {
  const status = useSubscriptionStatus();
  const subscriptions = status.data?.subscriptions;
  // The hint is read once per mount: it only bridges the first moments, before the server answers.
  const hint = useMemo(() => readSubscriptionHint(), []);
  const access = useMemo(
    () => new Set(activeSubscriptions(subscriptions ?? hint ?? NO_SUBSCRIPTIONS)),
    [subscriptions, hint],
  );
  // Expiry warnings (spec section 8), once per instrument per browser session.
  useExpiryToasts(subscriptions);
  return access;
}

/** The forecast shown first: the user's first open instrument, else gold (open to all). */
function firstForecast(access: ReadonlySet<AccessKey>): ForecastSlug {
  return INSTRUMENTS.find((instrument) => access.has(instrument.key))?.slug ?? "xau";
}

const NO_SUBSCRIPTIONS = {
  Nifty: { hasAccess: false, isActive: false, expiry: null, lastDay: null, daysLeft: null },
  BankNifty: { hasAccess: false, isActive: false, expiry: null, lastDay: null, daysLeft: null },
  CrudeOil: { hasAccess: false, isActive: false, expiry: null, lastDay: null, daysLeft: null },
};

/**
 * The dashboard (behind the access guard). Composes the features it embeds, which do not import each
 * other: the contact card, the settings, the forecast page, the paper-trade journal, the site's FAQ modal,
 * the live market cards, and the user's access (which services open, the expiry toasts, Settings' Access
 * Details).
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const { openFaq } = useFaq();
  const access = useActiveAccess();
  const accessDetails = useAccessDetails();
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
        settings={<SettingsScreen embedded access={accessDetails} />}
        markets={<LiveMarketCards />}
        forecasting={<ForecastPage initial={firstForecast(access)} />}
        paperTrade={<JournalPage embedded signedIn />}
        access={access}
      />
    </>
  );
}
