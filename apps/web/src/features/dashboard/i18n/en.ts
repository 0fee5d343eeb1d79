/** English strings of the dashboard (spec sections 1, 2, 4 and 8). */
import { addEnglish } from "@/i18n";

export const dashboardPageEn = {
  welcome: "Welcome, {{name}}",
  lead: "Your research desk for NIFTY 50, BANKNIFTY and Crude Oil. Everything here is educational and simulated, not investment advice.",
  loading: "Loading your dashboard…",
  retry: "Retry",
  cachedNote: "Showing the details saved on this device.",
  sidebar: {
    label: "Dashboard",
    openProfile: "Open your profile",
    openMenu: "Open dashboard menu",
    closeMenu: "Close dashboard menu",
    home: "Home",
    dashboard: "Dashboard",
    tradingServices: "Educational Services",
    contribution: "Contribution",
    forecasting: "Forecasting",
    paperTrade: "Paper Trade",
    livePanel: "Live Panel",
    faq: "FAQ",
    contact: "Contact Us",
    settings: "Settings",
    logout: "Logout",
  },
  markets: {
    heading: "Live markets",
    loading: "Loading market prices…",
    unavailable: "Market prices are unavailable right now.",
    lastPrice: "Last price",
    change: "Change today",
    rising: "up",
    falling: "down",
    open: "Open",
    high: "High",
    low: "Low",
    close: "Close",
    status: "{{exchange}} market status:",
    active: "Active",
    inactive: "Inactive",
    stale: "Stale data",
    paused: "Feed paused: prices may be out of date until it resumes.",
    note: "Prices move live while each exchange is open; Close shows the volume traded today. For learning only, not a basis for trading decisions.",
  },
  knowledge: {
    heading: "Trading Knowledge Hub",
    hint: "Select a card to flip it.",
    flip: "Flip card",
    bankNifty: {
      title: "Bank Nifty",
      question: "What makes up India's banking index?",
      answer:
        "Bank Nifty is built from 12 stocks: the most liquid, large banking stocks on the NSE. A few heavyweights carry much of its weight, so news about interest rates and credit moves it quickly.",
    },
    nifty: {
      title: "Nifty 50",
      question: "How much of the market does Nifty 50 cover?",
      answer:
        "Nifty 50 has 50 companies from across India's sectors and stands for about 65% of the market, which is why it is read as the market's overall mood.",
    },
    crude: {
      title: "Crude Oil",
      question: "How is crude oil traded in India?",
      answer:
        "Crude oil trades on MCX as futures and options on a 100-barrel contract, priced in rupees per barrel, from 09:00 to 23:30 or 23:55 (as US clocks change). It follows global oil prices, the rupee-dollar rate and supply news.",
    },
  },
  about: {
    heading: "About Us",
    body: "{{brand}} is led by a founder with {{years}} years of experience in Indian markets. We publish model-generated research for NIFTY 50, BANKNIFTY and Crude Oil and record every simulated trade in the paper-trade journal, so the models can be judged by their record.",
  },
  trust: {
    heading: "Why traders trust us",
    experience: "A founder with {{years}} years of market experience",
    journal: "Every simulated trade recorded in the paper-trade journal",
    support: "Support 24/7 by messaging app, phone and e-mail",
    educational: "Educational and simulated research, never investment advice",
    moneyBack: "Money-back guarantee",
    nonRefundable:
      "Contributions are voluntary and non-refundable, and give time-bound access to an instrument's model-generated outputs.",
    /** With a research-analyst profile: SEBI's refund rule instead (decision 033). */
    refundable:
      "Contributions are voluntary and give time-bound access to an instrument's model-generated outputs; if access ends early, the unused days are refunded pro rata.",
  },
  services: {
    heading: "Educational Services",
    lead: "Choose an instrument to open its model-generated outputs.",
    locked: "Contribution required",
    open: "Open {{name}}",
    modules: "Modules: {{modules}}",
    nifty: "NIFTY 50 index options on NSE",
    banknifty: "BANKNIFTY index options on NSE",
    crudeoil: "Crude oil options on MCX",
  },
  lock: {
    instrument: "Instrument: {{name}}",
    modules: "Modules: {{modules}}",
    close: "Close",
    subscribe: "Subscribe Now",
  },
};

addEnglish({ dashboardPage: dashboardPageEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    dashboardPage: typeof dashboardPageEn;
  }
}
