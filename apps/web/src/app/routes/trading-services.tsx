import { PlaceholderRoute } from "@/app/placeholder-route";

export function TradingServicesRoute() {
  return <PlaceholderRoute routeKey="tradingServices" />;
}
