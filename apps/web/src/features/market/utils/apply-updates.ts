/**
 * The realtime socket's updates applied to the market overview (spec section 7). Every payload is checked
 * against its contract schema first; one that does not match leaves the overview as it was (the same
 * object, so nothing re-renders).
 */
import {
  emptySnapshot,
  type MarketSnapshot,
  MarketSnapshotSchema,
  MarketStatusSchema,
  TickerUpdateSchema,
} from "@kalpa/contracts/market";
import type { LiveMarketOverview } from "../api/get-market-overview";

function withSnapshot(
  overview: LiveMarketOverview,
  symbol: MarketSnapshot["symbol"],
  change: (current: MarketSnapshot) => MarketSnapshot,
): LiveMarketOverview {
  const index = overview.snapshots.findIndex((snapshot) => snapshot.symbol === symbol);
  const current = overview.snapshots[index];
  // A symbol the overview did not list starts from the spec's defaults and joins the end of the list.
  const snapshots =
    current === undefined
      ? [...overview.snapshots, change(emptySnapshot(symbol))]
      : overview.snapshots.map((snapshot, at) => (at === index ? change(current) : snapshot));
  return { ...overview, snapshots };
}

/** home-update {symbol, ltp, percentChange}: the ticker's two figures for one symbol. */
export function applyTickerUpdate(
  overview: LiveMarketOverview,
  payload: unknown,
): LiveMarketOverview {
  const parsed = TickerUpdateSchema.safeParse(payload);
  if (!parsed.success) return overview;
  const { symbol, ltp, percentChange } = parsed.data;
  return withSnapshot(overview, symbol, (current) => ({ ...current, ltp, percentChange }));
}

/** dashboard-update: one symbol's whole snapshot. */
export function applySnapshotUpdate(
  overview: LiveMarketOverview,
  payload: unknown,
): LiveMarketOverview {
  const parsed = MarketSnapshotSchema.safeParse(payload);
  if (!parsed.success) return overview;
  return withSnapshot(overview, parsed.data.symbol, () => parsed.data);
}

/**
 * market-status-update {exchange, status, stalled?}: one exchange's status. It replaces the exchange's
 * stall too (absent means not stalled), so the overview's own list of stalled feeds is brought in line.
 */
export function applyStatusUpdate(
  overview: LiveMarketOverview,
  payload: unknown,
): LiveMarketOverview {
  const parsed = MarketStatusSchema.safeParse(payload);
  if (!parsed.success) return overview;
  const status = { ...parsed.data, stalled: parsed.data.stalled ?? false };
  const others = overview.feed.stalled.filter((exchange) => exchange !== status.exchange);
  return {
    ...overview,
    statuses: [
      ...overview.statuses.filter((current) => current.exchange !== status.exchange),
      status,
    ],
    feed: { ...overview.feed, stalled: status.stalled ? [...others, status.exchange] : others },
  };
}
