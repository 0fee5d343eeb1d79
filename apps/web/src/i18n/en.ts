/**
 * English strings. Where the spec names a label or message, this is the spec's wording; route titles come
 * straight from the contracts' route table.
 */
import { APP_ROUTES, type AppPath } from "@kalpa/contracts/routes";

function routeTitle(path: AppPath): string {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path} in APP_ROUTES`);
  return route.title;
}

export const en = {
  common: {
    loading: "Loading…",
    inDevelopment: "In development",
  },
  skipLink: "Skip to main content",
  nav: {
    label: "Main",
    brandHome: "{{brand}} home",
    home: "Home",
    paperTrade: "Paper Trade",
    contribution: "Contribution",
    login: "Login",
    register: "Register",
    faq: "FAQ",
    contact: "Contact Us",
    openMenu: "Open menu",
    closeMenu: "Close menu",
  },
  footer: {
    tagline:
      "Educational market research and model-generated option signals for NIFTY 50, BANKNIFTY and Crude Oil.",
    quickLinks: "Quick links",
    tradingHours: "Trading hours",
    support: "Support",
    supportHours: "24/7",
    timesNote: "Market times are in IST.",
    contact: "Contact",
    contactLoading: "Loading contact details…",
    contactUnavailable: "Contact details are unavailable right now.",
    email: "E-mail",
    phone: "Phone",
    whatsapp: "Chat on WhatsApp",
    opensInNewTab: "(opens in a new tab)",
    policies: "Policies",
    language: "Language",
    disclaimer:
      "For education only: every signal and trade shown here is model-generated and simulated, not investment advice. We are not a registered investment adviser and are not registered with SEBI; any position you take is at your own risk.",
    copyright: "© {{year}} {{brand}}",
  },
  policies: {
    privacy: "Privacy Policy",
    terms: "Terms of Service",
    disclaimer: "Disclaimer",
    cookie: "Cookie Policy",
    tabsLabel: "All policies",
  },
  notFound: {
    title: "Page not found",
    body: "The page you are looking for does not exist or has moved.",
    backHome: "Back to Home",
  },
  routeError: {
    title: "Something went wrong",
    body: "This page could not be loaded. Reloading usually fixes it.",
    reload: "Reload page",
  },
  routes: {
    home: {
      title: routeTitle("/"),
      summary:
        "The landing page will hold live prices for NIFTY 50, BANKNIFTY and Crude Oil, our three research services, and how our model-generated, educational signals work.",
    },
    pricing: {
      title: routeTitle("/pricing"),
      summary:
        "This page will compare the Nifty, BankNifty and CrudeOil research plans ({{price}} per month per instrument) and what each one includes.",
    },
    login: {
      title: routeTitle("/login"),
      summary:
        "The sign-in form will live here: username and password, with help recovering a forgotten username or password.",
    },
    signup: {
      title: routeTitle("/signup"),
      summary:
        "Registration will take three steps here: your details, a one-time code sent to your e-mail, and confirmation.",
    },
    contact: {
      title: routeTitle("/contact"),
      summary: "The founder's contact card will appear here, with e-mail and phone.",
    },
    help: {
      title: routeTitle("/help"),
      summary:
        "Answers to common questions and a quick way to send us your query on WhatsApp will be here.",
    },
    logout: {
      title: routeTitle("/logout"),
      summary: "This page will confirm signing out, with the option to stay signed in.",
    },
    faq: {
      title: routeTitle("/faq"),
      summary:
        "Frequently asked questions about our research, access and contributions will be listed here.",
    },
    paperTrade: {
      title: routeTitle("/paper-trade"),
      summary:
        "The public journal of simulated trades will appear here, grouped by day with totals, filterable by model and by the last 7, 15 or 30 days.",
    },
    policies: {
      title: routeTitle("/policies/:policyType?"),
      summary: "The full text of our {{policy}} will be published here.",
    },
    dashboard: {
      title: routeTitle("/dashboard"),
      summary:
        "Once you sign in, your dashboard will hold a welcome greeting, live market cards, the Trading Knowledge Hub and your access details.",
    },
    tradingServices: {
      title: routeTitle("/trading-services"),
      summary:
        "You will pick a research service here (Nifty, BankNifty or CrudeOil) before arranging your contribution.",
    },
    whatsappContact: {
      title: routeTitle("/whatsapp-contact"),
      summary:
        "This page will summarise the services you chose and open WhatsApp with a pre-filled message to arrange your contribution with the founder.",
    },
    profile: {
      title: routeTitle("/profile"),
      summary:
        "Your name, username, e-mail and mobile number will be shown here, with the option to change your password.",
    },
    settings: {
      title: routeTitle("/settings"),
      summary: "Your access details and general settings will be shown here.",
    },
    liveTrade: {
      title: routeTitle("/live-trade"),
      summary:
        "Model-generated signals for the instruments you have access to will stream here in real time.",
    },
    liveTradeBankNifty: {
      title: routeTitle("/live-trade/banknifty"),
      summary: "BankNifty's two models, KalpaVruksha and HFT, will be available here.",
    },
    liveTradeBankNiftyKalpaVruksha: {
      title: routeTitle("/live-trade/banknifty/kalpavruksha"),
      summary:
        "Live, model-generated BankNifty option signals from the KalpaVruksha model will appear here.",
    },
    liveTradeBankNiftyHft: {
      title: routeTitle("/live-trade/banknifty/hft"),
      summary:
        "Live, model-generated BankNifty option signals from the HFT model will appear here.",
    },
    liveTradeNifty: {
      title: routeTitle("/live-trade/nifty"),
      summary:
        "Live, model-generated Nifty 50 option signals from the KalpaVruksha model will appear here.",
    },
    liveTradeCrudeOil: {
      title: routeTitle("/live-trade/crudeoil"),
      summary:
        "Live, model-generated Crude Oil option signals from the Yamuna model will appear here.",
    },
  },
};

/** Every translation mirrors the English shape (checked by the compiler). */
export type TranslationResource = typeof en;
export type RouteKey = keyof TranslationResource["routes"];
