import { useSiteInfo } from "../api/get-site-info";

/** Shown until (or if never) the server has told us the brand. */
export const FALLBACK_BRAND_NAME = "Kalpa";

export function useBrandName(): string {
  const { data } = useSiteInfo();
  return data?.brandName || FALLBACK_BRAND_NAME;
}
