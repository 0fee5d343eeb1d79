import type { optionChainEn } from "./option-chain-en";

/** The option chain card in Hindi (same shape as English); column heads traders read in English stay so. */
export const optionChainHi: typeof optionChainEn = {
  title: "ऑप्शन चेन",
  expiry: "एक्सपायरी {{expiry}}",
  modelLabel: "मॉडल प्राइस",
  modelNote:
    "प्राइस और ग्रीक्स मॉडल के हैं, एक्सचेंज के कोट नहीं। सिम्युलेटर में ओपन इंटरेस्ट नहीं होता, इसलिए OI कॉलम ख़ाली रहते हैं।",
  brokerLabel: "ब्रोकर कोट",
  brokerNote:
    "कोट किए गए प्राइस और ओपन इंटरेस्ट ब्रोकर की फ़ीड से आते हैं, उन कॉन्ट्रैक्ट के लिए जिन पर इंजन नज़र रखता है (सिग्नल का और एट-द-मनी के पास वाले); OI का बदलाव आज की पहली रीडिंग से है। बाक़ी और हर ग्रीक मॉडल के हैं।",
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
  percentile: "IV पर्सेंटाइल (1 साल): {{value}}",
  notEnoughHistory: "पर्याप्त इतिहास नहीं ({{days}} दिन)",
  notEnoughHistoryHint: "पर्सेंटाइल के लिए कम से कम 20 दैनिक मान चाहिए, जो हर सेशन के क्लोज़ पर दर्ज होते हैं।",
  ivWhatModel:
    "India VIX हमारी फ़ीड में नहीं है: यह {{symbol}} की अपनी एट-द-मनी इम्प्लाइड वोलैटिलिटी है, मॉडल की सरफ़ेस से।",
  ivWhatBroker:
    "India VIX हमारी फ़ीड में नहीं है: यह {{symbol}} की अपनी एट-द-मनी इम्प्लाइड वोलैटिलिटी है, एट-द-मनी call और put के ब्रोकर कोट से।",
  loading: "ऑप्शन चेन लोड हो रही है...",
  unavailable: "ऑप्शन चेन अभी उपलब्ध नहीं है।",
  scrollHint: "ऑप्शन चेन टेबल, बगल में स्क्रॉल होती है",
};
