import type { optionChainEn } from "./option-chain-en";

/** The option chain card in Hindi (same shape as English); column heads traders read in English stay so. */
export const optionChainHi: typeof optionChainEn = {
  title: "ऑप्शन चेन",
  expiry: "एक्सपायरी {{expiry}}",
  modelLabel: "मॉडल प्राइस",
  modelNote: "प्राइस और ग्रीक्स मॉडल के हैं, एक्सचेंज के कोट नहीं।",
  brokerLabel: "ब्रोकर कोट",
  brokerNote:
    "जिन भावों का कोट है वे ब्रोकर की फ़ीड से आते हैं; बाक़ी, और हर ग्रीक, मॉडल के हैं। ओपन इंटरेस्ट फ़ीड में नहीं है।",
  caption:
    "{{expiry}} को एक्सपायर होने वाले {{symbol}} ऑप्शन: बाईं ओर कॉल, बीच में strike, दाईं ओर पुट, {{centre}} के दोनों तरफ़ दस-दस strike।",
  centreSignal: "सिग्नल की strike",
  centreAtm: "एट-द-मनी strike",
  calls: "कॉल",
  puts: "पुट",
  strike: "स्ट्राइक",
  ltp: "LTP",
  bid: "बिड",
  ask: "आस्क",
  iv: "IV",
  delta: "Delta",
  gamma: "Gamma",
  theta: "Theta/दिन",
  vega: "Vega/पॉइंट",
  oi: "OI",
  oiChange: "OI बदलाव",
  atm: "ATM",
  signal: "सिग्नल {{type}}",
  signalContract: "सिग्नल का कॉन्ट्रैक्ट",
  forward: "फ़ॉरवर्ड {{value}}",
  underlying: "अंडरलाइंग {{value}}",
  iv30: "{{label}} {{value}}",
  percentile: "पिछले एक साल में पर्सेंटाइल: {{value}}",
  loading: "ऑप्शन चेन लोड हो रही है...",
  unavailable: "ऑप्शन चेन अभी उपलब्ध नहीं है।",
  scrollHint: "ऑप्शन चेन टेबल, बगल में स्क्रॉल होती है",
};
