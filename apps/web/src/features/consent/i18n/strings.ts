/**
 * The landing consent modal's English text (spec section 2, "Landing consent modal"). Plain data with no
 * imports: the build reads it too, to write the modal's first paint into every page shell
 * (consent-preview.ts).
 */
export const consentEn = {
  title: "Welcome to {{brand}}",
  intro: "Please read the five short notes below before you enter the website.",
  contentLabel: "Notes to read before entering",
  sections: {
    purpose: {
      heading: "Why this website exists",
      body: "{{brand}} is an educational research site for Indian retail traders. It studies NIFTY 50, BANKNIFTY and Crude Oil with systematic models and records every model idea in a simulated paper-trade journal, so you can learn how rule-based analysis behaves in real market hours without putting your own money at stake.",
    },
    access: {
      heading: "Why login and a contribution are required",
      body: "Live model output is personal: you sign in so that access stays with you alone and your session is protected. Running the models, the market data and round-the-clock support costs money every trading day, so access to each instrument's live output is opened after a voluntary monthly contribution, arranged directly with the founder on WhatsApp. Access is time-bound and contributions are non-refundable. Before any access, you accept the risk disclosure agreement and send a signed copy.",
      /** With a research-analyst profile: SEBI's refund rule instead of "non-refundable" (decision 033). */
      bodyWithProfile:
        "Live model output is personal: you sign in so that access stays with you alone and your session is protected. Running the models, the market data and round-the-clock support costs money every trading day, so access to each instrument's live output is opened after a voluntary monthly contribution, arranged directly with the founder on WhatsApp. Access is time-bound; if it ends early, the unused days are refunded pro rata, as SEBI's rules for research analysts require. Before any access, you accept the risk disclosure agreement and send a signed copy.",
    },
    free: {
      heading: "What stays free",
      body: "The landing page with its market snapshot, the paper-trade journal, the gold, silver and dollar index forecasts, the trading knowledge cards, the FAQ, help and all policies are open to every visitor without a contribution.",
    },
    disclaimer: {
      heading: "Disclaimer",
      body: "Everything here is educational and simulated. It is not investment advice, not a recommendation to buy or sell, and not a promise of profit. The operator is not a registered investment adviser or research analyst and is not registered with the market regulator (SEBI). Trading in futures and options involves substantial risk of loss; any position you take is at your own risk and your own decision.",
      /** With the operator's research-analyst registration, in place of the sentence that says there is none. */
      bodyRegistered:
        "Everything here is educational and simulated. It is not investment advice, not a recommendation to buy or sell, and not a promise of profit. The research is by {{analyst}}, SEBI-registered Research Analyst (Registration No. {{number}}); registration does not guarantee performance or any return. Trading in futures and options involves substantial risk of loss; any position you take is at your own risk and your own decision.",
    },
    support: {
      heading: "Why your support matters",
      body: "Contributions keep the servers, data feeds and research running, keep the free sections free, and keep the site without advertising. We do not sell your data. Support is available 24/7 on WhatsApp, phone and e-mail.",
    },
  },
  scrollHint: "Scroll to the end to continue",
  agree:
    "I have read and understood these notes, and I agree that this website is for education only and is not investment advice.",
  enter: "Enter",
  entering: "Entering Website...",
};
