import { PlaceholderRoute } from "@/app/placeholder-route";

export function SignupRoute() {
  return <PlaceholderRoute routeKey="signup" />;
}
