/** English strings of the landing page's lower sections (why choose us, features, slideshow, call to action), which load after the page. */
import { addEnglish } from "@/i18n";

export const landingLowerEn = {
  whyChoose: {
    eyebrow: "Why traders choose us",
    heading: "Research you can check, not just trust",
    items: {
      transparent:
        "Every simulated trade is published in the paper-trade journal, wins and losses alike.",
      rules: "Entry, target and stop-loss are stated before a setup triggers, never after.",
      experience: "Built by a founder with 18+ years of market experience.",
      education: "Explainers for Nifty 50, Bank Nifty and crude oil, in English, Telugu and Hindi.",
      honest: "Clear about risk: educational and simulated, never advice.",
      support: "Support 24/7 by WhatsApp, phone and e-mail.",
    },
  },
  features: {
    eyebrow: "What you get",
    heading: "Everything in one place",
    signals: {
      title: "Model-generated signals",
      body: "Strike, entry zone, projected zone and risk marker for each setup, streamed live as the model sees it.",
    },
    journal: {
      title: "Paper-trade journal",
      body: "Daily totals and every trade of the last 7, 15 or 30 days, for each model.",
    },
    forecasts: {
      title: "Daily forecasts",
      body: "Call and put outlooks for the three services, plus gold, silver and the dollar index, always unlocked.",
    },
    dashboard: {
      title: "Your dashboard",
      body: "Live market cards, your access and the Trading Knowledge Hub, on phone and desktop.",
    },
  },
  slideshow: {
    label: "Highlights",
    /** What a screen reader calls the slideshow and each slide (aria-roledescription). */
    roleCarousel: "carousel",
    roleSlide: "slide",
    previous: "Previous slide",
    next: "Next slide",
    goTo: "Go to slide {{number}}",
    position: "{{number}} of {{count}}",
    slides: {
      signals: {
        title: "Watch the models think",
        body: "Follow each setup from the initiated zone to the projected zone or the risk marker, in real time.",
      },
      journal: {
        title: "A journal that hides nothing",
        body: "Every simulated trade is recorded with its entry, exit and result, grouped by day.",
      },
      forecasts: {
        title: "Forecasts for six markets",
        body: "Nifty, BankNifty and crude oil, plus gold, silver and the dollar index, every trading day.",
      },
      learn: {
        title: "Learn before you trade",
        body: "Flip through the Trading Knowledge Hub and understand the instruments before you study the signals.",
      },
    },
  },
  cta: {
    heading: "Ready to study the market with us?",
    body: "Sign in to choose a research service. Access starts after your contribution and the signed risk disclosure agreement.",
    button: "Get Started",
  },
};

addEnglish({ landingLower: landingLowerEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    landingLower: typeof landingLowerEn;
  }
}
