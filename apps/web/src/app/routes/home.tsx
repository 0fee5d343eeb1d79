import { PlaceholderRoute } from "@/app/placeholder-route";

export function HomeRoute() {
  return <PlaceholderRoute routeKey="home" />;
}
