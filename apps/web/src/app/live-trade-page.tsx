import { useMemo } from "react";
import { useSubscriptionStatus } from "@/features/access/api/get-subscription-status";
import { useSessionSocket } from "@/features/auth/hooks/use-session-socket";
import type { LiveMarketFeed } from "@/features/live/components/live-charts";
import { LiveScreen } from "@/features/live/components/live-screen";
import type { LiveSelection } from "@/features/live/utils/live-routes";
import { marketDataNote } from "@/features/market/components/simulated-data-label";
import { useSignedInMarket } from "@/features/market/hooks/use-signed-in-market";
import { exchangeStatuses } from "@/features/market/utils/exchange-statuses";
import { marketTimeAt } from "@/features/market/utils/market-clock";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import type { RouteKey } from "@/i18n/en";

/**
 * A live route's page (behind the access guard): the live screen with the user's subscription status, the
 * session's socket, and the market's status and feed from the dashboard's market data.
 */
export function LiveTradePage({
  routeKey,
  selection,
}: {
  routeKey: RouteKey;
  selection: LiveSelection | null;
}) {
  const { t } = useTranslation();
  const socket = useSessionSocket();
  const status = useSubscriptionStatus();
  const market = useSignedInMarket(socket);
  const profile = useResearchAnalyst().data?.profile;
  const overview = market.data;
  // The live charts' feed: each symbol's last price (0 is the spec's "nothing yet") and the market clock.
  const feed = useMemo<LiveMarketFeed>(() => {
    if (!overview) return { ltp: {}, now: () => null };
    const ltp: LiveMarketFeed["ltp"] = {};
    for (const snapshot of overview.snapshots) {
      if (snapshot.ltp > 0) ltp[snapshot.symbol] = snapshot.ltp;
    }
    const { clock, receivedAt } = overview;
    return { ltp, now: () => marketTimeAt(clock, receivedAt, Date.now()) };
  }, [overview]);
  return (
    <>
      <DocumentTitle title={t(`routes.${routeKey}.title`)} />
      <LiveScreen
        selection={selection}
        user={status}
        socket={socket}
        exchanges={overview ? exchangeStatuses(overview) : []}
        note={marketDataNote(overview)}
        market={feed}
        analyst={
          profile
            ? { name: profile.registeredName, registrationNumber: profile.registrationNumber }
            : null
        }
      />
    </>
  );
}
