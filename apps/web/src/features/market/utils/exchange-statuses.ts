import type { MarketOverview } from "@kalpa/contracts/api/market";
import { EXCHANGES, type ExchangeName } from "@kalpa/contracts/names";
import { staleSince } from "./stale";

/**
 * Each exchange's status by name: Active or not (an exchange the overview does not list is Inactive, the
 * spec's initial state), whether its feed has stalled (the status says so, or the feed's list does), and
 * whether its prices are stale (a broker's feed that stopped: the status then says so instead of Active).
 */
export function exchangeStatuses(
  overview: Pick<MarketOverview, "statuses" | "feed">,
): Array<{ exchange: ExchangeName; active: boolean; stalled: boolean; stale: boolean }> {
  const stale = staleSince(overview.feed) !== null;
  return (Object.entries(EXCHANGES) as Array<[ExchangeName, (typeof EXCHANGES)[ExchangeName]]>).map(
    ([exchange, id]) => {
      const status = overview.statuses.find((candidate) => candidate.exchange === id);
      return {
        exchange,
        active: status?.status === "Active",
        stalled: status?.stalled ?? overview.feed.stalled.includes(id),
        stale,
      };
    },
  );
}
