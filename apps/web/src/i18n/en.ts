/**
 * English strings. Where the spec names a label or message, this is the spec's wording; route titles come
 * straight from the contracts' route table.
 */

import { APP_ROUTES, type AppPath } from "@kalpa/contracts/routes";
import type { EnglishOnlyNamespaces, FeatureStrings } from "./registry";

function routeTitle(path: AppPath): string {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path} in APP_ROUTES`);
  return route.title;
}

export const en = {
  common: {
    loading: "Loading…",
    inDevelopment: "In development",
    close: "Close",
    back: "Back",
    retry: "Retry",
  },
  skipLink: "Skip to main content",
  nav: {
    label: "Main",
    brandHome: "{{brand}} home",
    home: "Home",
    paperTrade: "Paper Trade",
    forecasts: "Forecasts",
    contribution: "Contribution",
    login: "Login",
    register: "Register",
    faq: "FAQ",
    contact: "Contact Us",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    dashboard: "Dashboard",
    openAccountMenu: "Open account menu",
    closeAccountMenu: "Close account menu",
    accountLabel: "Account",
    signedInAs: "Signed in as",
    profile: "Profile",
    settings: "Settings",
    help: "Help",
    logout: "Logout",
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
  /** Where the prices come from, as the disclaimers say it ("paper trades on {{prices}}"). */
  prices: {
    simulated: "simulated prices",
    replay: "recorded market prices, replayed",
    /** A replay whose session is known: its date, e.g. "4 Jun 2024". */
    replayOf: "recorded market data of {{date}}, replayed",
    broker: "live market prices from a broker's feed",
    unknown: "market prices",
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
  access: {
    title: "Authentication Required",
    goToLogin: "Go to Login",
  },
  forcedLogout: {
    title: "You have been signed out",
    dismiss: "Dismiss",
  },
  dashboard: {
    welcome: "Welcome, {{name}}",
    accountLinks: "Your account",
  },
  routeError: {
    title: "Something went wrong",
    body: "This page could not be loaded. Reloading usually fixes it.",
    reload: "Reload page",
  },
  routes: {
    home: {
      title: routeTitle("/"),
    },
    pricing: {
      title: routeTitle("/pricing"),
    },
    login: {
      title: routeTitle("/login"),
    },
    signup: {
      title: routeTitle("/signup"),
    },
    contact: {
      title: routeTitle("/contact"),
    },
    help: {
      title: routeTitle("/help"),
    },
    logout: {
      title: routeTitle("/logout"),
    },
    faq: {
      title: routeTitle("/faq"),
    },
    paperTrade: {
      title: routeTitle("/paper-trade"),
    },
    forecasts: {
      title: routeTitle("/forecasts"),
    },
    models: {
      title: routeTitle("/models/:model?"),
    },
    policies: {
      title: routeTitle("/policies/:policyType?"),
    },
    alertsUnsubscribe: {
      title: routeTitle("/alerts/unsubscribe"),
    },
    record: {
      title: routeTitle("/record"),
    },
    dashboard: {
      title: routeTitle("/dashboard"),
    },
    tradingServices: {
      title: routeTitle("/trading-services"),
    },
    whatsappContact: {
      title: routeTitle("/whatsapp-contact"),
    },
    profile: {
      title: routeTitle("/profile"),
    },
    settings: {
      title: routeTitle("/settings"),
    },
    liveTrade: {
      title: routeTitle("/live-trade"),
    },
    liveTradeBankNifty: {
      title: routeTitle("/live-trade/banknifty"),
    },
    liveTradeBankNiftyKalpaVruksha: {
      title: routeTitle("/live-trade/banknifty/kalpavruksha"),
    },
    liveTradeBankNiftyHft: {
      title: routeTitle("/live-trade/banknifty/hft"),
    },
    liveTradeNifty: {
      title: routeTitle("/live-trade/nifty"),
    },
    liveTradeCrudeOil: {
      title: routeTitle("/live-trade/crudeoil"),
    },
    admin: {
      title: routeTitle("/admin"),
    },
  },
};

/** The strings every page needs (the features' own come with their code: registry.ts). */
export type CoreStrings = typeof en;

/**
 * Every string of the site: the ones above, and those each feature adds with its code (addEnglish in its
 * i18n/en.ts, declared in FeatureStrings). Every translation mirrors this shape (checked by the compiler).
 */
export type TranslationResource = CoreStrings & FeatureStrings;
export type RouteKey = keyof TranslationResource["routes"];

/**
 * Namespaces kept in English in every language, which then falls back to English for them: each such
 * feature declares itself in EnglishOnlyNamespaces (the operator console, the forecast page, the journal).
 */
export type EnglishOnlyNamespace = keyof EnglishOnlyNamespaces;

/** What a translation provides: every string but the English-only ones. */
export type TranslatedResource = Omit<TranslationResource, EnglishOnlyNamespace>;
