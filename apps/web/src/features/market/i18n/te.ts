import type { marketEn } from "./en";

/** The market data's Telugu strings (same shape as English). */
export const marketTe: typeof marketEn = {
  simulated: "అనుకరణ డేటా",
  clockLabel: "అనుకరణ మార్కెట్ సమయం",
  timeZone: "IST",
  stale: "పాత డేటా",
  lastPriceAt: "చివరి ధర {{time}}కి",
  staleHint: "బ్రోకర్ ఫీడ్ ఆగిపోయింది: ఈ ధరలు ప్రత్యక్ష ధరలు కావు.",
};
