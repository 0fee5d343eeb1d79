import type { BarsResponse } from "@kalpa/contracts/api/market";
import type { MarketSymbol } from "@kalpa/contracts/names";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { dayKeyOf } from "@/lib/dates";
import { underlyingBarsQueryKey, useUnderlyingBars } from "../api/get-underlying-bars";
import { extendCandles } from "../utils/candles";

/**
 * The underlying's 1-minute candles of `day`: GET /api/market/bars once, then each new last price the
 * market stream brings (dashboard-update) moves the last candle, or starts a new one when the market clock
 * has reached a later minute. Prices of another day than the one shown are left out.
 */
export function useUnderlyingCandles(
  symbol: MarketSymbol,
  day: string | null,
  ltp: number | undefined,
  marketNow: () => number | null,
) {
  const query = useUnderlyingBars(symbol, day);
  const queryClient = useQueryClient();
  const seen = useRef<{ symbol: MarketSymbol; ltp: number | undefined } | null>(null);

  useEffect(() => {
    const before = seen.current;
    seen.current = { symbol, ltp };
    // The price the page already had is not news: only a change after the chart opened is drawn.
    if (day === null || ltp === undefined || !before || before.symbol !== symbol) return;
    if (before.ltp === ltp) return;
    const now = marketNow();
    if (now === null || dayKeyOf(now) !== day) return;
    queryClient.setQueryData<BarsResponse>(underlyingBarsQueryKey(symbol, day), (answer) => {
      if (!answer) return answer;
      const bars = extendCandles(answer.bars, ltp, now, (candle) => ({ ...candle, volume: 0 }));
      return bars === answer.bars ? answer : { ...answer, bars: [...bars] };
    });
  }, [symbol, day, ltp, marketNow, queryClient]);

  return query;
}
