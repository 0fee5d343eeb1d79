import { PlaceholderRoute } from "@/app/placeholder-route";

export function ContactRoute() {
  return <PlaceholderRoute routeKey="contact" />;
}
