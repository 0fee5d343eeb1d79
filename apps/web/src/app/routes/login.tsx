import { PlaceholderRoute } from "@/app/placeholder-route";

export function LoginRoute() {
  return <PlaceholderRoute routeKey="login" />;
}
