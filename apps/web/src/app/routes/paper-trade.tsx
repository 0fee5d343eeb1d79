import { PlaceholderRoute } from "@/app/placeholder-route";

export function PaperTradeRoute() {
  return <PlaceholderRoute routeKey="paperTrade" />;
}
