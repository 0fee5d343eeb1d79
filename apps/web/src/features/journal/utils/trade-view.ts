/**
 * How the journal shows a trade: the contract in words, times in India (Asia/Kolkata), and the tone of a
 * P&L (green when >= 0, red otherwise, as the live card's Result & Counter).
 */
import type { PaperTrade } from "@kalpa/contracts/api/paper";
import { dayKeyOf, formatDayKey } from "@/lib/dates";
import { formatNumber } from "@/lib/format";
import { formatMinute } from "@/lib/signal-format";

/** "BANKNIFTY 52,000 CE". */
export function contractLabel(trade: Pick<PaperTrade, "symbol" | "strike" | "optionType">): string {
  return `${trade.symbol} ${formatNumber(trade.strike)} ${trade.optionType}`;
}

/** Which of the journal's fill-basis phrases (journal.fill.*) a trade's fills take, and its ticks. */
export type FillBasisKey = "quote" | "model" | "modelOneTick" | "modelTicks";

/**
 * How a trade was filled, for its phrase: at the broker's bid and ask ("quote"), or at the model price with
 * `slippageTicks` ticks each way ("modelOneTick", "modelTicks"); a trade stored before slippage was
 * recorded (no ticks) or with none was filled at the model price itself ("model").
 */
export function fillBasisOf(trade: Pick<PaperTrade, "fillBasis" | "slippageTicks">): {
  key: FillBasisKey;
  ticks: number;
} {
  const ticks = trade.slippageTicks ?? 0;
  if (trade.fillBasis === "quote") return { key: "quote", ticks: 0 };
  if (ticks <= 0) return { key: "model", ticks: 0 };
  return { key: ticks === 1 ? "modelOneTick" : "modelTicks", ticks };
}

/**
 * Epoch ms as "14:05 IST"; with the day in front ("20 Nov 2026, 14:05 IST") when it is not `day` (an
 * entry on an earlier day than the exit that groups the trade).
 */
export function formatTradeTime(instant: number, day: string): string {
  const time = formatMinute(instant);
  const onDay = dayKeyOf(instant);
  return onDay === day ? time : `${formatDayKey(onDay)}, ${time}`;
}

export type Tone = "profit" | "loss";

export function pnlTone(value: number): Tone {
  return value >= 0 ? "profit" : "loss";
}

export const TONE_CLASS: Record<Tone, string> = {
  profit: "text-emerald-300",
  loss: "text-rose-300",
};
