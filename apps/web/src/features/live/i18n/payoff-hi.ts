import type { payoffEn } from "./payoff-en";

/** The signal's payoff card in Hindi (same shape as English). */
export const payoffHi: typeof payoffEn = {
  title: "पेऑफ़",
  subtitle: "{{contract}} · {{quantity}} यूनिट · चार्जेस के बाद P&L",
  loading: "पेऑफ़ निकाला जा रहा है…",
  failed: "पेऑफ़ लोड नहीं हो सका।",
  retry: "फिर से कोशिश करें",
  atExpiry: "एक्सपायरी पर",
  today: "आज ({{left}})",
  daysLeft: "{{count}} दिन बाक़ी",
  dayLeft: "1 दिन बाक़ी",
  underADayLeft: "एक दिन से कम बाक़ी",
  expired: "एक्सपायरी पर",
  breakEven:
    "एक्सपायरी पर ब्रेकईवन: {{symbol}} {{level}} पर (स्ट्राइक {{strike}} {{sign}} प्रीमियम {{premium}}); चार्जेस जोड़कर {{withCharges}}।",
  maxLoss:
    "अधिकतम घाटा: {{loss}} (चुकाया गया प्रीमियम {{premium}} × {{quantity}} यूनिट, ऊपर से {{charges}} चार्जेस)।",
  premiumEntry: "चुकाया गया प्रीमियम: {{premium}}, एंट्री प्राइस।",
  premiumZone: "चुकाया गया प्रीमियम: {{premium}}, इनिशिएटेड ज़ोन का ऊपरी भाव (एंट्री अभी नहीं हुई)।",
  levelsHeading: "आज अंडरलाइंग किस लेवल पर हो तो प्रीमियम यहाँ पहुँचे",
  now: "{{symbol}} अभी",
  breakEvenMark: "ब्रेकईवन",
  entryLow: "इनिशिएटेड ज़ोन निचला",
  entryHigh: "इनिशिएटेड ज़ोन ऊपरी",
  target: "प्रोजेक्टेड ज़ोन",
  stop: "रिस्क मार्कर",
  notReached: "दायरे में नहीं",
  levelLine: "{{label}} ({{premium}}): {{symbol}} का लेवल {{level}}",
  nowLine: "{{symbol}} अभी: {{level}}",
  markerNow: "अभी",
  markerBreakEven: "BE",
  markerEntry: "एंट्री",
  markerTarget: "टारगेट",
  markerStop: "स्टॉप",
  maxLossLine: "अधिकतम घाटा",
  chartLabel:
    "{{contract}} का पेऑफ़ चार्ट: {{symbol}} के {{from}} से {{to}} तक चलने पर, एक्सपायरी पर और आज, P&L {{lowPnl}} से {{highPnl}} तक। नीचे की टेबल में वही मान हैं।",
  tableSummary: "पेऑफ़ टेबल",
  tableCaption: "{{symbol}} के लेवल के हिसाब से {{contract}} का P&L, चार्जेस के बाद",
  columnUnderlying: "{{symbol}}",
  columnExpiry: "एक्सपायरी पर P&L",
  columnToday: "आज का P&L",
  columnNote: "लेवल",
  download: "CSV डाउनलोड करें",
  modelNote:
    "आज का कर्व फ़िट की गई वोलैटिलिटी ({{volatility}} एट-द-मनी) पर मॉडल का भाव है, कोट नहीं।",
};
