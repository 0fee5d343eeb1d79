import { PlaceholderRoute } from "@/app/placeholder-route";

export function LiveTradeBankNiftyKalpaVrukshaRoute() {
  return <PlaceholderRoute routeKey="liveTradeBankNiftyKalpaVruksha" />;
}
