import type { payoffEn } from "./payoff-en";

/** The signal's payoff card in Telugu (same shape as English). */
export const payoffTe: typeof payoffEn = {
  title: "పేఆఫ్",
  subtitle: "{{contract}} · {{quantity}} యూనిట్లు · ఛార్జీల తర్వాత P&L",
  loading: "పేఆఫ్ లెక్కిస్తోంది…",
  failed: "పేఆఫ్ లోడ్ కాలేదు.",
  retry: "మళ్లీ ప్రయత్నించండి",
  atExpiry: "ఎక్స్‌పైరీ వద్ద",
  today: "ఈరోజు ({{left}})",
  daysLeft: "ఇంకా {{count}} రోజులు",
  dayLeft: "ఇంకా 1 రోజు",
  underADayLeft: "ఒక రోజు కంటే తక్కువ",
  expired: "ఎక్స్‌పైరీ వద్ద",
  breakEven:
    "ఎక్స్‌పైరీ వద్ద బ్రేక్‌ఈవెన్: {{symbol}} {{level}} వద్ద (స్ట్రైక్ {{strike}} {{sign}} ప్రీమియం {{premium}}); ఛార్జీలతో కలిపి {{withCharges}}.",
  maxLoss:
    "గరిష్ట నష్టం: {{loss}} (చెల్లించిన ప్రీమియం {{premium}} × {{quantity}} యూనిట్లు, దానికి తోడు {{charges}} ఛార్జీలు).",
  premiumEntry: "చెల్లించిన ప్రీమియం: {{premium}}, ఎంట్రీ ధర.",
  premiumZone: "చెల్లించిన ప్రీమియం: {{premium}}, ప్రారంభ జోన్ గరిష్ఠ ధర (ఇంకా ఎంట్రీ జరగలేదు).",
  levelsHeading: "ఈరోజు అండర్‌లైయింగ్ ఏ స్థాయి వద్ద ఉంటే ప్రీమియం ఇక్కడికి చేరుతుంది",
  now: "ఇప్పుడు {{symbol}}",
  breakEvenMark: "బ్రేక్‌ఈవెన్",
  entryLow: "ప్రారంభ జోన్ కనిష్ఠం",
  entryHigh: "ప్రారంభ జోన్ గరిష్ఠం",
  target: "అంచనా జోన్",
  stop: "రిస్క్ మార్కర్",
  notReached: "పరిధిలో లేదు",
  levelLine: "{{label}} ({{premium}}): {{symbol}} స్థాయి {{level}}",
  nowLine: "ఇప్పుడు {{symbol}}: {{level}}",
  markerNow: "ఇప్పుడు",
  markerBreakEven: "BE",
  markerEntry: "ఎంట్రీ",
  markerTarget: "టార్గెట్",
  markerStop: "స్టాప్",
  maxLossLine: "గరిష్ట నష్టం",
  chartLabel:
    "{{contract}} పేఆఫ్ చార్ట్: {{symbol}} {{from}} నుండి {{to}} వరకు కదిలితే, ఎక్స్‌పైరీ వద్ద, ఈరోజు P&L {{lowPnl}} నుండి {{highPnl}} వరకు. కింద ఉన్న పట్టికలో అవే విలువలు ఉన్నాయి.",
  tableSummary: "పేఆఫ్ పట్టిక",
  tableCaption: "{{symbol}} స్థాయి వారీగా {{contract}} P&L, ఛార్జీల తర్వాత",
  columnUnderlying: "{{symbol}}",
  columnExpiry: "ఎక్స్‌పైరీ వద్ద P&L",
  columnToday: "ఈరోజు P&L",
  columnNote: "స్థాయి",
  download: "CSV డౌన్‌లోడ్ చేయండి",
  modelNote:
    "ఈరోజు వక్రరేఖ ఫిట్ చేసిన వోలటిలిటీపై ({{volatility}} ఎట్-ద-మనీ) మోడల్ ధర, కోట్ కాదు.",
};
