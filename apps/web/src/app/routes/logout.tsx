import { PlaceholderRoute } from "@/app/placeholder-route";

export function LogoutRoute() {
  return <PlaceholderRoute routeKey="logout" />;
}
