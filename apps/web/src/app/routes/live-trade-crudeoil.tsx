import { LiveTradePage } from "@/app/live-trade-page";

export function LiveTradeCrudeOilRoute() {
  return <LiveTradePage routeKey="liveTradeCrudeOil" selection={{ instrument: "CrudeOil" }} />;
}
