import { PlaceholderRoute } from "@/app/placeholder-route";

export function ProfileRoute() {
  return <PlaceholderRoute routeKey="profile" />;
}
