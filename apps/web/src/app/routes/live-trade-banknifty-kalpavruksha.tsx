import { LiveTradePage } from "@/app/live-trade-page";

export function LiveTradeBankNiftyKalpaVrukshaRoute() {
  return (
    <LiveTradePage
      routeKey="liveTradeBankNiftyKalpaVruksha"
      selection={{ instrument: "BankNifty", subModel: "KalpaVruksha" }}
    />
  );
}
