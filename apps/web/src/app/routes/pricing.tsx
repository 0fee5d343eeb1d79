import { PlaceholderRoute } from "@/app/placeholder-route";

export function PricingRoute() {
  return <PlaceholderRoute routeKey="pricing" />;
}
