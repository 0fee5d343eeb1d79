/**
 * The core strings in Telugu: each feature's are in its own i18n/te.ts, and app/i18n/te.ts puts them all
 * together. Product, model and instrument names (Kalpa, KalpaVruksha, BankNifty…) stay in Latin script.
 */
import type { CoreStrings } from "./en";

export const te: CoreStrings = {
  common: {
    loading: "లోడ్ అవుతోంది…",
    inDevelopment: "అభివృద్ధిలో ఉంది",
    close: "మూసివేయండి",
    back: "వెనుకకు",
    retry: "మళ్లీ ప్రయత్నించండి",
  },
  skipLink: "ప్రధాన విషయానికి వెళ్ళండి",
  nav: {
    label: "ప్రధాన",
    brandHome: "{{brand}} హోమ్",
    home: "హోమ్",
    paperTrade: "పేపర్ ట్రేడ్",
    forecasts: "అంచనాలు",
    contribution: "సహకారం",
    login: "లాగిన్",
    register: "నమోదు",
    faq: "ప్రశ్నలు",
    contact: "మమ్మల్ని సంప్రదించండి",
    openMenu: "మెనూ తెరవండి",
    closeMenu: "మెనూ మూసివేయండి",
    dashboard: "డాష్‌బోర్డ్",
    openAccountMenu: "ఖాతా మెనూ తెరవండి",
    closeAccountMenu: "ఖాతా మెనూ మూసివేయండి",
    accountLabel: "ఖాతా",
    signedInAs: "సైన్ ఇన్ అయిన వారు",
    profile: "ప్రొఫైల్",
    settings: "సెట్టింగ్‌లు",
    help: "సహాయం",
    logout: "లాగౌట్",
  },
  footer: {
    tagline: "NIFTY 50, BANKNIFTY, క్రూడ్ ఆయిల్ కోసం విద్యా సంబంధిత మార్కెట్ రీసెర్చ్, మోడల్ రూపొందించిన ఆప్షన్ సిగ్నల్స్.",
    quickLinks: "త్వరిత లింకులు",
    tradingHours: "ట్రేడింగ్ సమయాలు",
    support: "సహాయం",
    supportHours: "24/7",
    timesNote: "మార్కెట్ సమయాలు IST ప్రకారం.",
    contact: "సంప్రదించండి",
    contactLoading: "సంప్రదింపు వివరాలు లోడ్ అవుతున్నాయి…",
    contactUnavailable: "సంప్రదింపు వివరాలు ప్రస్తుతం అందుబాటులో లేవు.",
    email: "ఈ-మెయిల్",
    phone: "ఫోన్",
    whatsapp: "WhatsApp లో చాట్ చేయండి",
    opensInNewTab: "(కొత్త ట్యాబ్‌లో తెరుచుకుంటుంది)",
    policies: "విధానాలు",
    language: "భాష",
    disclaimer:
      "విద్యా ప్రయోజనాల కోసం మాత్రమే: ఇక్కడ చూపే ప్రతి సిగ్నల్, ట్రేడ్ మోడల్ రూపొందించినవి, అనుకరణ (సిమ్యులేటెడ్) మాత్రమే; ఇది పెట్టుబడి సలహా కాదు. మేము నమోదిత పెట్టుబడి సలహాదారులం కాము, SEBI వద్ద నమోదు కాలేదు; మీరు తీసుకునే ఏ పొజిషన్ అయినా మీ స్వంత బాధ్యతపైనే.",
    copyright: "© {{year}} {{brand}}",
  },
  prices: {
    simulated: "అనుకరణ (సిమ్యులేటెడ్) ధరలపై",
    replay: "నమోదైన మార్కెట్ ధరలను మళ్లీ నడిపి",
    replayOf: "{{date}} నాటి నమోదైన మార్కెట్ డేటాను మళ్లీ నడిపి",
    broker: "బ్రోకర్ ఫీడ్ నుండి వచ్చే లైవ్ మార్కెట్ ధరలపై",
    unknown: "మార్కెట్ ధరలపై",
  },
  policies: {
    privacy: "గోప్యతా విధానం",
    terms: "సేవా నిబంధనలు",
    disclaimer: "నిరాకరణ ప్రకటన",
    cookie: "కుకీ విధానం",
    tabsLabel: "అన్ని విధానాలు",
  },
  notFound: {
    title: "పేజీ కనుగొనబడలేదు",
    body: "మీరు వెతుకుతున్న పేజీ లేదు, లేదా వేరే చోటికి మార్చబడింది.",
    backHome: "హోమ్‌కు తిరిగి వెళ్ళండి",
  },
  access: {
    title: "ప్రామాణీకరణ అవసరం",
    goToLogin: "లాగిన్‌కు వెళ్ళండి",
  },
  forcedLogout: {
    title: "మీరు సైన్ అవుట్ చేయబడ్డారు",
    dismiss: "తీసివేయండి",
  },
  dashboard: {
    welcome: "స్వాగతం, {{name}}",
    accountLinks: "మీ ఖాతా",
  },
  routeError: {
    title: "ఏదో పొరపాటు జరిగింది",
    body: "ఈ పేజీని లోడ్ చేయలేకపోయాము. పేజీని మళ్లీ లోడ్ చేస్తే సాధారణంగా సరిపోతుంది.",
    reload: "పేజీని మళ్లీ లోడ్ చేయండి",
  },
  routes: {
    home: {
      title: "హోమ్",
    },
    pricing: {
      title: "రీసెర్చ్ యాక్సెస్ ప్లాన్లు",
    },
    login: {
      title: "సైన్ ఇన్",
    },
    signup: {
      title: "నమోదు చేసుకోండి",
    },
    contact: {
      title: "మమ్మల్ని సంప్రదించండి",
    },
    help: {
      title: "సహాయం మరియు మద్దతు",
    },
    logout: {
      title: "లాగ్ అవుట్",
    },
    faq: {
      title: "తరచుగా అడిగే ప్రశ్నలు",
    },
    paperTrade: {
      title: "పేపర్ ట్రేడ్ జర్నల్",
    },
    forecasts: {
      title: "అంచనాలు",
    },
    models: {
      title: "మోడల్ కార్డులు",
    },
    policies: {
      title: "విధానాలు",
    },
    alertsUnsubscribe: {
      title: "అలర్ట్ ఇ-మెయిల్‌లను ఆపండి",
    },
    record: {
      title: "సంతకం చేసిన రికార్డు",
    },
    dashboard: {
      title: "డాష్‌బోర్డ్",
    },
    tradingServices: {
      title: "విద్యా సేవలు",
    },
    whatsappContact: {
      title: "సహకారం",
    },
    profile: {
      title: "ప్రొఫైల్ సెట్టింగ్‌లు",
    },
    settings: {
      title: "సెట్టింగ్‌లు",
    },
    liveTrade: {
      title: "లైవ్ మోడల్ విశ్లేషణలు",
    },
    liveTradeBankNifty: {
      title: "BankNifty లైవ్ మోడల్స్",
    },
    liveTradeBankNiftyKalpaVruksha: {
      title: "BankNifty KalpaVruksha",
    },
    liveTradeBankNiftyHft: {
      title: "BankNifty HFT",
    },
    liveTradeNifty: {
      title: "Nifty లైవ్ మోడల్",
    },
    liveTradeCrudeOil: {
      title: "CrudeOil లైవ్ మోడల్",
    },
    admin: {
      title: "ఆపరేటర్ కన్సోల్",
    },
  },
};
