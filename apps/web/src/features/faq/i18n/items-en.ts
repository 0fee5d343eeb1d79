/**
 * The thirteen FAQ answers in English. Kept out of the app's translation resources so they load with the FAQ
 * modal (a chunk of its own), not with every visitor's first page. "{{brand}}" is the site's brand name.
 */
export const faqItemsEn = {
  whatIs: {
    q: "What is {{brand}}?",
    a: "An educational market research website for Indian retail traders. It runs systematic models on NIFTY 50, BANKNIFTY and Crude Oil, shows what they would do in real time, and keeps a public paper-trade journal of every idea so you can study how rule-based analysis behaves.",
  },
  simulated: {
    q: "Are the signals real trades?",
    a: "No. Every signal is simulated: the models' entries, targets and stops are tracked in a paper-trade journal with market prices, but no order is ever placed with a broker and no money changes hands on this site.",
  },
  advice: {
    q: "Is this investment advice?",
    a: "No. The content is for education only and is not a recommendation to buy or sell. The operator is not a registered investment adviser or research analyst and is not registered with the market regulator (SEBI). Any position you take is your own decision, at your own risk.",
  },
  access: {
    q: "How do I get access to the live models?",
    a: "Create an account and sign in, accept the risk disclosure agreement, choose the instruments you want on the Contribution page, and send the pre-filled WhatsApp message to the founder. Once your contribution is confirmed, the founder opens access for those instruments on your account. Nothing is paid inside the website.",
  },
  refund: {
    q: "Can I get a refund, and how long does access last?",
    a: "Contributions are voluntary and non-refundable. Access is time-bound: each instrument is opened for a month per contribution and closes on its expiry date unless renewed. The dashboard warns you when an expiry is near.",
    /** With a research-analyst profile: SEBI's refund rule instead (decision 033). */
    aWithProfile:
      "Contributions are voluntary. If your access ends early, the unused days are refunded pro rata, rounded to the rupee, as SEBI's rules for research analysts require. Access is time-bound: each instrument is opened for a month per contribution and closes on its expiry date unless renewed. The dashboard warns you when an expiry is near.",
  },
  rda: {
    q: "What is the risk disclosure agreement and why is a signed copy needed?",
    a: "It explains that trading in futures and options carries substantial risk of loss and that this site is educational. You accept it before using signals or dashboards, and a physically signed copy must reach the founder before any contribution or access. You can download it as a Word document from the RDA button on the home page.",
  },
  models: {
    q: "Which models are there?",
    a: "KalpaVruksha and HFT study BANKNIFTY (KalpaVruksha also studies NIFTY 50), and Yamuna studies Crude Oil on MCX. Each follows fixed rules for entry, target, stop and end-of-day exit, so its record in the journal can be checked trade by trade.",
  },
  journal: {
    q: "What is the paper-trade journal?",
    a: "A public record of every simulated trade the models have taken, with entry, exit, charges and result, filterable by model and by the last 7, 15 or 30 days. It is free to read, so you can judge the models before you ever contribute.",
  },
  forecasts: {
    q: "Which forecasts are free?",
    a: "The gold, silver and dollar index forecasts are always unlocked for every visitor. Forecasts for NIFTY 50, BANKNIFTY and Crude Oil are part of the access for those instruments.",
  },
  privacy: {
    q: "What happens to my data?",
    a: "We keep only what the account needs: your name, e-mail, mobile number, username and access details. Passwords are stored only as strong hashes, we never sell your data, and you can download everything we hold about you from Settings. The privacy policy explains your rights in full.",
  },
  support: {
    q: "How do I reach support?",
    a: "Support is available 24/7 on WhatsApp, by phone and by e-mail; the details are on the Contact page and in the footer. For a question about your account, the Help page has a button that opens a pre-filled WhatsApp message.",
  },
  hours: {
    q: "When do the models run?",
    a: "During market hours on trading days: NSE from 09:15 for NIFTY 50 and BANKNIFTY, and MCX from 09:00 into the night for Crude Oil. The footer shows the hours in force today (NSE has closed at 15:40 since 3 Aug 2026; MCX closes at 23:30 or 23:55 as US clocks change). Open paper trades are squared off at 15:15 on NSE and 25 minutes before MCX closes. Outside those hours the pages show the last session's results.",
  },
  recover: {
    q: "I forgot my username or password. What do I do?",
    a: "On the Login page, choose the recovery option. Enter your e-mail to receive your username, or to receive a one-time code that lets you set a new password. For your safety the page answers the same whether or not the address has an account.",
  },
};

export type FaqItems = typeof faqItemsEn;

/**
 * The "advice" answer with the operator's research-analyst registration, in place of the one that says there
 * is none ("{{analyst}}" and "{{number}}" are the registered name and SEBI's number).
 */
export const faqAdviceRegisteredEn =
  "No. The content is for education only and is not a recommendation to buy or sell. The research is by {{analyst}}, SEBI-registered Research Analyst (Registration No. {{number}}); registration does not guarantee performance or any return. Any position you take is your own decision, at your own risk.";
