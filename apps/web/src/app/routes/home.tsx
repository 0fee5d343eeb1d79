import "@/features/landing/i18n/en";
import { useAuthState } from "@/features/auth/hooks/use-auth-state";
import { LandingPage } from "@/features/landing/components/landing-page";
import { MarketTicker } from "@/features/landing/components/market-ticker";
import { marketDataNote } from "@/features/market/components/simulated-data-label";
import { useHomeMarket } from "@/features/market/hooks/use-home-market";
import { inInstrumentOrder } from "@/features/market/utils/instrument-order";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/**
 * The landing ticker with its data: the market overview for the first paint, then the home socket's
 * updates; "Simulated data" and the market's clock whenever the feed is simulated, "Stale data" while a
 * broker's feed is down, "Prices delayed by 15 minutes" where the public gets them late (and, until the
 * server holds prices that old, when they will show).
 */
function LiveTicker() {
  const { t } = useTranslation();
  const market = useHomeMarket();
  const overview = market.data;
  const delay = overview?.priceDelay;
  return (
    <MarketTicker
      snapshots={overview ? inInstrumentOrder(overview.snapshots) : null}
      unavailable={!overview && market.isError}
      note={marketDataNote(overview)}
      waiting={delay ? t("landing.ticker.delayedSoon", { count: delay.minutes }) : undefined}
    />
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const site = useSiteInfo();
  return (
    <>
      <DocumentTitle title={t("routes.home.title")} />
      <LandingPage
        isSignedIn={auth.status !== "anonymous"}
        operator={site.data?.operator ?? null}
        ticker={<LiveTicker />}
      />
    </>
  );
}
