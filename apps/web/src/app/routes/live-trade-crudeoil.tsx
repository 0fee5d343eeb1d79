import { PlaceholderRoute } from "@/app/placeholder-route";

export function LiveTradeCrudeOilRoute() {
  return <PlaceholderRoute routeKey="liveTradeCrudeOil" />;
}
