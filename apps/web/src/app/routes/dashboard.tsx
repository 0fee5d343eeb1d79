import { PlaceholderRoute } from "@/app/placeholder-route";

export function DashboardRoute() {
  return <PlaceholderRoute routeKey="dashboard" />;
}
