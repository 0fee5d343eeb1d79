import type { MarketOverview } from "@kalpa/contracts/api/market";
import { EXCHANGES, type ExchangeName } from "@kalpa/contracts/names";

/**
 * Each exchange's status by name: Active or not (an exchange the overview does not list is Inactive, the
 * spec's initial state), and whether its feed has stalled (the status says so, or the feed's list does).
 */
export function exchangeStatuses(
  overview: Pick<MarketOverview, "statuses" | "feed">,
): Array<{ exchange: ExchangeName; active: boolean; stalled: boolean }> {
  return (Object.entries(EXCHANGES) as Array<[ExchangeName, (typeof EXCHANGES)[ExchangeName]]>).map(
    ([exchange, id]) => {
      const status = overview.statuses.find((candidate) => candidate.exchange === id);
      return {
        exchange,
        active: status?.status === "Active",
        stalled: status?.stalled ?? overview.feed.stalled.includes(id),
      };
    },
  );
}
