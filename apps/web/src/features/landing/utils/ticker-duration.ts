import { TICKER_SPEED_PX_PER_SECOND } from "@kalpa/contracts/constants";

/**
 * How long one pass of the ticker takes, in seconds (spec section 9): the content travels its own width
 * plus the container's width at TICKER_SPEED_PX_PER_SECOND, so every width scrolls at the same speed.
 */
export function tickerDurationSeconds(contentWidth: number, containerWidth: number): number {
  return (contentWidth + containerWidth) / TICKER_SPEED_PX_PER_SECOND;
}
