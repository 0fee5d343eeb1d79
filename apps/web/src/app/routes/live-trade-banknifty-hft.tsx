import { PlaceholderRoute } from "@/app/placeholder-route";

export function LiveTradeBankNiftyHftRoute() {
  return <PlaceholderRoute routeKey="liveTradeBankNiftyHft" />;
}
