import { PlaceholderRoute } from "@/app/placeholder-route";

export function WhatsappContactRoute() {
  return <PlaceholderRoute routeKey="whatsappContact" />;
}
