import type { optionChainEn } from "./option-chain-en";

/** The option chain card in Telugu (same shape as English); column heads traders read in English stay so. */
export const optionChainTe: typeof optionChainEn = {
  title: "ఆప్షన్ చైన్",
  expiry: "ఎక్స్‌పైరీ {{expiry}}",
  modelLabel: "మోడల్ ధరలు",
  modelNote:
    "ధరలు, గ్రీక్స్ మోడల్ లెక్కించినవి, ఎక్స్ఛేంజ్ కోట్‌లు కావు. సిమ్యులేటర్‌లో ఓపెన్ ఇంటరెస్ట్ ఉండదు, అందుకే OI కాలమ్స్ ఖాళీగా ఉంటాయి.",
  brokerLabel: "బ్రోకర్ కోట్‌లు",
  brokerNote:
    "కోట్ ఉన్న ధరలు, ఓపెన్ ఇంటరెస్ట్ బ్రోకర్ ఫీడ్ నుండి వస్తాయి, ఇంజిన్ గమనించే కాంట్రాక్ట్‌లకు మాత్రమే (సిగ్నల్‌ది, ఎట్-ద-మనీకి దగ్గరివి); OI మార్పు ఈరోజు మొదటి రీడింగ్ నుండి. మిగతావి, ప్రతి గ్రీక్ మోడల్ లెక్కించినవి.",
  caption:
    "{{expiry}}న ఎక్స్‌పైర్ అయ్యే {{symbol}} ఆప్షన్లు: ఎడమవైపు కాల్స్, మధ్యలో స్ట్రైక్, కుడివైపు పుట్స్, {{centre}}కు ఇరువైపులా పది స్ట్రైక్‌లు.",
  centreSignal: "సిగ్నల్ స్ట్రైక్",
  centreAtm: "ఎట్-ద-మనీ స్ట్రైక్",
  calls: "కాల్స్",
  puts: "పుట్స్",
  strike: "స్ట్రైక్",
  ltp: "LTP",
  bid: "బిడ్",
  ask: "ఆస్క్",
  iv: "IV",
  delta: "Delta",
  gamma: "Gamma",
  theta: "Theta/రోజు",
  vega: "Vega/పాయింట్",
  oi: "OI",
  oiChange: "OI మార్పు",
  atm: "ATM",
  signal: "సిగ్నల్ {{type}}",
  signalContract: "సిగ్నల్ కాంట్రాక్ట్",
  forward: "ఫార్వర్డ్ {{value}}",
  underlying: "అండర్‌లైయింగ్ {{value}}",
  iv30: "{{label}} {{value}}",
  percentile: "IV పర్సెంటైల్ (1 సంవత్సరం): {{value}}",
  notEnoughHistory: "తగినంత చరిత్ర లేదు ({{days}} రోజులు)",
  notEnoughHistoryHint: "పర్సెంటైల్‌కు కనీసం 20 రోజువారీ విలువలు కావాలి, ప్రతి సెషన్ ముగింపులో నమోదు చేసినవి.",
  ivWhatModel: "India VIX మా ఫీడ్‌లో లేదు: ఇది {{symbol}} సొంత ఎట్-ద-మనీ ఇంప్లైడ్ వోలటిలిటీ, మోడల్ సర్ఫేస్ నుండి.",
  ivWhatBroker:
    "India VIX మా ఫీడ్‌లో లేదు: ఇది {{symbol}} సొంత ఎట్-ద-మనీ ఇంప్లైడ్ వోలటిలిటీ, ఎట్-ద-మనీ కాల్, పుట్‌లకు బ్రోకర్ ఇచ్చిన కోట్‌ల నుండి.",
  loading: "ఆప్షన్ చైన్ లోడ్ అవుతోంది...",
  unavailable: "ఆప్షన్ చైన్ ప్రస్తుతం అందుబాటులో లేదు.",
  scrollHint: "ఆప్షన్ చైన్ పట్టిక, పక్కకు స్క్రోల్ అవుతుంది",
};
