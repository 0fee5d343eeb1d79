import { LiveTradePage } from "@/app/live-trade-page";

export function LiveTradeBankNiftyHftRoute() {
  return (
    <LiveTradePage
      routeKey="liveTradeBankNiftyHft"
      selection={{ instrument: "BankNifty", subModel: "HFT" }}
    />
  );
}
