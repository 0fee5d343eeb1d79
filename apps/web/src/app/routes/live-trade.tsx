import { PlaceholderRoute } from "@/app/placeholder-route";

export function LiveTradeRoute() {
  return <PlaceholderRoute routeKey="liveTrade" />;
}
