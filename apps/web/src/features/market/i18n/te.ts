import type { marketEn } from "./en";

/** The market data's Telugu strings (same shape as English). */
export const marketTe: typeof marketEn = {
  simulated: "అనుకరణ డేటా",
  clockLabel: "అనుకరణ మార్కెట్ సమయం",
  timeZone: "IST",
};
