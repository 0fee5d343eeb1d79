/** Hindi strings of the market data (the ticker, the dashboard, the live screens). */
import type { marketEn } from "./en";

export const marketHi: typeof marketEn = {
  simulated: "सिम्युलेटेड डेटा",
  recorded: "{{date}} का रिकॉर्ड किया गया मार्केट डेटा",
  clockLabel: "सिम्युलेटेड मार्केट समय",
  replayClockLabel: "दोबारा चलाए गए मार्केट का समय",
  timeZone: "IST",
  stale: "पुराना डेटा",
  lastPriceAt: "आख़िरी भाव {{time}} पर",
  staleHint: "ब्रोकर की फ़ीड रुक गई है: ये भाव लाइव नहीं हैं।",
  delayed_one: "भाव {{count}} मिनट की देरी से",
  delayed_other: "भाव {{count}} मिनट की देरी से",
  delayedOf_one: "{{symbols}}: भाव {{count}} मिनट की देरी से",
  delayedOf_other: "{{symbols}}: भाव {{count}} मिनट की देरी से",
  delayedHint:
    "लाइव भाव एक्सचेंज के लाइसेंस से मिलते हैं: किसी इंस्ट्रूमेंट के सब्सक्राइबर उन्हें लाइव देखते हैं, बाकी सब थोड़ी देर बाद।",
  provisionalCalendar: "अस्थायी कैलेंडर",
  provisionalCalendarHint:
    "एक्सचेंज ने इस साल की छुट्टियाँ अभी पक्की नहीं की हैं: मार्केट के दिन और एक्सपायरी बदल सकते हैं।",
};
