import { LiveTradePage } from "@/app/live-trade-page";

export function LiveTradeNiftyRoute() {
  return <LiveTradePage routeKey="liveTradeNifty" selection={{ instrument: "Nifty" }} />;
}
