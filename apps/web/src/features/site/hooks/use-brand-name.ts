import { DEFAULT_BRAND_NAME } from "@kalpa/contracts/constants";
import { useSiteInfo } from "../api/get-site-info";

/** The operator's brand name, or the default until (or if never) the server has said it. */
export function useBrandName(): string {
  const { data } = useSiteInfo();
  return data?.brandName || DEFAULT_BRAND_NAME;
}
