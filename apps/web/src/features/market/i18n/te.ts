import type { marketEn } from "./en";

/** The market data's Telugu strings (same shape as English). */
export const marketTe: typeof marketEn = {
  simulated: "అనుకరణ డేటా",
  recorded: "{{date}} నాటి నమోదైన మార్కెట్ డేటా",
  clockLabel: "అనుకరణ మార్కెట్ సమయం",
  replayClockLabel: "మళ్లీ నడుపుతున్న మార్కెట్ సమయం",
  timeZone: "IST",
  stale: "పాత డేటా",
  lastPriceAt: "చివరి ధర {{time}}కి",
  staleHint: "బ్రోకర్ ఫీడ్ ఆగిపోయింది: ఈ ధరలు ప్రత్యక్ష ధరలు కావు.",
  delayed_one: "ధరలు {{count}} నిమిషం ఆలస్యంగా",
  delayed_other: "ధరలు {{count}} నిమిషాలు ఆలస్యంగా",
  delayedOf_one: "{{symbols}}: ధరలు {{count}} నిమిషం ఆలస్యంగా",
  delayedOf_other: "{{symbols}}: ధరలు {{count}} నిమిషాలు ఆలస్యంగా",
  delayedHint:
    "ఎక్స్ఛేంజీలు ప్రత్యక్ష ధరలకు లైసెన్స్ ఇస్తాయి: ఒక సాధనం చందాదారులు వాటిని ప్రత్యక్షంగా చూస్తారు, మిగతా వారు ఆలస్యంగా.",
  provisionalCalendar: "తాత్కాలిక క్యాలెండర్",
  provisionalCalendarHint:
    "ఎక్స్ఛేంజీలు ఈ సంవత్సరపు సెలవులను ఇంకా ధృవీకరించలేదు: మార్కెట్ రోజులు, ఎక్స్‌పైరీలు మారవచ్చు.",
};
