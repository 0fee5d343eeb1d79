import { PlaceholderRoute } from "@/app/placeholder-route";

export function HelpRoute() {
  return <PlaceholderRoute routeKey="help" />;
}
