import { LiveTradePage } from "@/app/live-trade-page";

/** /live-trade: to the first active subscription's route, or Access Restricted with CrudeOil selected. */
export function LiveTradeRoute() {
  return <LiveTradePage routeKey="liveTrade" selection={null} />;
}
