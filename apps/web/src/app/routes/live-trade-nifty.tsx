import { PlaceholderRoute } from "@/app/placeholder-route";

export function LiveTradeNiftyRoute() {
  return <PlaceholderRoute routeKey="liveTradeNifty" />;
}
