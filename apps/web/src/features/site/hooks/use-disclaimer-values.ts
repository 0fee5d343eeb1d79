import { DEFAULT_BRAND_NAME } from "@kalpa/contracts/constants";
import { useQuery } from "@tanstack/react-query";
import {
  marketOverviewQueryOptions,
  useFollowSessionEnd,
} from "@/features/market/api/get-market-overview";
import { formatMarketDate, marketTimeAt } from "@/features/market/utils/market-clock";
import { INTL_LOCALES, useTranslation } from "@/i18n";
import { useSiteInfo } from "../api/get-site-info";

/**
 * What a disclaimer names: the operator's brand (BRAND_NAME) and where the prices come from (the feed the
 * server runs: simulated, a replay, or a broker's live feed), as `{{brand}}` and `{{prices}}`. A replay of
 * recorded prices names the replayed session's date once the market clock is in ("recorded market data of
 * 4 Jun 2024"). Until the server has said, the default brand and plain "market prices", never a claim
 * about the feed.
 */
export function useDisclaimerValues(): { brand: string; prices: string } {
  const { t, language } = useTranslation();
  const { data } = useSiteInfo();
  const replay = data?.feed === "replay";
  const { data: market } = useQuery({ ...marketOverviewQueryOptions(), enabled: replay });
  useFollowSessionEnd(market);
  const brand = data?.brandName || DEFAULT_BRAND_NAME;
  if (replay && market) {
    const instant = marketTimeAt(market.clock, market.receivedAt, Date.now());
    const date = formatMarketDate(instant, INTL_LOCALES[language]);
    return { brand, prices: t("prices.replayOf", { date }) };
  }
  return { brand, prices: t(`prices.${data?.feed ?? "unknown"}`) };
}
