import { DEFAULT_BRAND_NAME } from "@kalpa/contracts/constants";
import { useTranslation } from "@/i18n";
import { useSiteInfo } from "../api/get-site-info";

/**
 * What a disclaimer names: the operator's brand (BRAND_NAME) and where the prices come from (the feed the
 * server runs: simulated, a replay, or a broker's live feed), as `{{brand}}` and `{{prices}}`. Until the
 * server has said, the default brand and plain "market prices", never a claim about the feed.
 */
export function useDisclaimerValues(): { brand: string; prices: string } {
  const { t } = useTranslation();
  const { data } = useSiteInfo();
  return {
    brand: data?.brandName || DEFAULT_BRAND_NAME,
    prices: t(`prices.${data?.feed ?? "unknown"}`),
  };
}
