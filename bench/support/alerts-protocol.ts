/**
 * What the alerts bench (alerts.bench.ts) and its doubles' processes (alerts-doubles.ts) say to each other
 * over IPC, and the bot the Telegram double answers for.
 */

export type DoublesCommand =
  | { type: "subscribe"; count: number }
  | { type: "wait"; count: number; timeoutMs: number }
  | { type: "arrivals" }
  | { type: "verify"; targets: string[]; text: string }
  | { type: "reset" }
  | { type: "stop" };

export type DoublesMessage =
  | { type: "ready"; origin: string }
  | { type: "subscribed"; subscriptions: { endpoint: string; p256dh: string; auth: string }[] }
  | { type: "waited"; arrived: number; timedOut: boolean }
  | { type: "arrivals"; targets: string[]; at: Float64Array }
  | {
      type: "verified";
      /** Targets that got exactly one message, with the expected text. */
      good: number;
      /** Targets that got none, more than one, or another text; messages to targets not asked about. */
      missing: number;
      repeated: number;
      wrong: number;
      strays: number;
      firstProblem: string | undefined;
    }
  | { type: "done" };

export const TELEGRAM_BOT = {
  token: "700000001:AAbenchAlertsBotToken_0123456789abcd",
  username: "kalpa_bench_bot",
  firstName: "Kalpa bench",
};
