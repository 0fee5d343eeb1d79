import { LiveTradePage } from "@/app/live-trade-page";

/** /live-trade/banknifty: BankNifty with its first model, KalpaVruksha. */
export function LiveTradeBankNiftyRoute() {
  return (
    <LiveTradePage
      routeKey="liveTradeBankNifty"
      selection={{ instrument: "BankNifty", subModel: "KalpaVruksha" }}
    />
  );
}
