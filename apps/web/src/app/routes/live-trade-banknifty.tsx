import { PlaceholderRoute } from "@/app/placeholder-route";

export function LiveTradeBankNiftyRoute() {
  return <PlaceholderRoute routeKey="liveTradeBankNifty" />;
}
