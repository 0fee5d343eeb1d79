import { PlaceholderRoute } from "@/app/placeholder-route";

export function FaqRoute() {
  return <PlaceholderRoute routeKey="faq" />;
}
