/** The landing page's English strings (hooked into the app's resources as `landing`). */
import { addEnglish } from "@/i18n";

export const landingEn = {
  hero: {
    eyebrow: "Educational market research · NSE and MCX",
    title: "Model-driven research for NIFTY, BANKNIFTY and Crude Oil",
    lead: "Follow model-generated option setups, daily forecasts and a public paper-trade journal, and learn how the market moves before you risk a rupee. Everything here is educational and simulated.",
    primary: "Get Started",
    secondary: "See contribution plans",
    points: {
      simulated: "Simulated, never live orders",
      journal: "Every paper trade published",
      support: "Support 24/7",
    },
  },
  ticker: {
    label: "Live market prices",
    loading: "Loading live prices…",
    unavailable: "Live prices are unavailable right now. Please try again later.",
    /** Delayed prices (decision 034) before the server holds any that old. */
    delayedSoon_one: "Prices show here {{count}} minute after they are traded.",
    delayedSoon_other: "Prices show here {{count}} minutes after they are traded.",
    rising: "up",
    falling: "down",
  },
  risk: {
    eyebrow: "Before you begin",
    heading: "Trading involves real risk",
    body: "Our research is for learning. Options can lose their whole value within a day, and simulated results do not promise real ones. We are not registered with SEBI as an investment adviser or research analyst, and nothing here is a recommendation to buy or sell.",
    /** With the operator's research-analyst registration, in place of the line that says there is none. */
    bodyRegistered:
      "Our research is for learning. Options can lose their whole value within a day, and simulated results do not promise real ones. The research is by {{analyst}}, SEBI-registered Research Analyst (Registration No. {{number}}); registration does not guarantee performance or any return, and nothing here is a recommendation to buy or sell.",
    open: "Risk Disclaimer",
    modalTitle: "Risk Disclaimer",
    modalDescription: "Please read this before using any research on this website.",
    modalParagraphs: {
      educational:
        "All content on this website, including model-generated signals, forecasts and the paper-trade journal, is provided for educational purposes only and is simulated. No orders are placed on your behalf.",
      notAdvice:
        "Nothing here is investment advice or a recommendation to buy, sell or hold any security, derivative or commodity. The operator is not registered with SEBI as an investment adviser or research analyst.",
      /** notAdvice with the operator's research-analyst registration. */
      notAdviceRegistered:
        "Nothing here is investment advice or a recommendation to buy, sell or hold any security, derivative or commodity. The research is by {{analyst}}, SEBI-registered Research Analyst (Registration No. {{number}}); registration does not guarantee performance or any return.",
      options:
        "Trading in futures and options is highly risky: leverage magnifies losses, option premiums decay every day, and prices can gap past any stop-loss. Most individual traders in derivatives lose money.",
      performance:
        "Past or simulated performance does not guarantee future results. Trade only with money you can afford to lose, and consult a SEBI-registered adviser before investing.",
    },
    close: "Close",
  },
  services: {
    eyebrow: "Research services",
    heading: "Three markets, one disciplined approach",
    lead: "Pick the instrument you want to study. Each service has its own models, setups and live output.",
    enter: "Enter the Market",
    models: "Models",
    setups: "Setups",
    latency: "Latency",
    exchange: "Exchange",
    nifty: "India's benchmark index of 50 large companies, studied with intraday option setups.",
    banknifty:
      "The fast-moving banking index, with two models: KalpaVruksha for swing setups and HFT for quick ones.",
    crudeoil:
      "MCX crude oil futures options, followed into the evening session by the Yamuna model.",
    forecasts:
      "Gold, silver and the dollar index: daily call and put forecasts, open to every visitor.",
    forecastsLink: "See the forecasts",
  },
  rda: {
    buttonLabel: "Risk Disclosure Agreement",
    /** The floating button's short name. */
    short: "RDA",
    title: "Risk Disclosure Agreement",
    description:
      "Download, print and sign this agreement. A signed copy is required before access.",
    riskNotice:
      "Trading involves substantial risk of loss and is not suitable for every investor. Read the agreement carefully before you contribute or use any signal.",
    summaryHeading: "In short",
    file: "Risk-Disclosure-Agreement.docx · Word document",
    download: "Download",
    close: "Close",
    sendTo: "Send the signed copy to {{name}} ({{email}}).",
  },
};

addEnglish({ landing: landingEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    landing: typeof landingEn;
  }
}
