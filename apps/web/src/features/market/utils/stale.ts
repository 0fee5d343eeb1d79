import type { MarketFeedInfo } from "@kalpa/contracts/api/market";

/**
 * When the last price arrived, while a broker's feed that stopped leaves the prices on screen not live (the
 * overview's `feed.staleSince`); null while they are live or simulated.
 */
export function staleSince(feed: Pick<MarketFeedInfo, "staleSince">): number | null {
  return typeof feed.staleSince === "number" ? feed.staleSince : null;
}
