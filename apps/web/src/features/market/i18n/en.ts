/** English strings of the market data shared by the landing ticker and the dashboard (as `market`). */
import { addEnglish } from "@/i18n";

export const marketEn = {
  simulated: "Simulated data",
  clockLabel: "Simulated market time",
  timeZone: "IST",
};

addEnglish({ market: marketEn });
