import { PlaceholderRoute } from "@/app/placeholder-route";

export function SettingsRoute() {
  return <PlaceholderRoute routeKey="settings" />;
}
