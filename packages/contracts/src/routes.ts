/**
 * The spec's route table (section 2). The web app registers exactly these; the server uses the same list to
 * answer client routes with the app shell and anything else with a 404 status.
 */
/** public: anyone; protected: a signed-in user; admin: a signed-in user with the admin role. */
export type RouteAccess = "public" | "protected" | "admin";

export interface AppRoute {
  /** React Router path pattern. */
  path: string;
  access: RouteAccess;
  /** Document title (before the brand name). */
  title: string;
}

export const APP_ROUTES = [
  { path: "/", access: "public", title: "Home" },
  { path: "/pricing", access: "public", title: "Research Access Plans" },
  { path: "/login", access: "public", title: "Sign In" },
  { path: "/signup", access: "public", title: "Register" },
  { path: "/contact", access: "public", title: "Contact Us" },
  { path: "/help", access: "public", title: "Help and Support" },
  { path: "/logout", access: "public", title: "Logout" },
  { path: "/faq", access: "public", title: "FAQ" },
  { path: "/paper-trade", access: "public", title: "Paper Trade Journal" },
  // Not in the spec's table: gold, silver and the dollar index forecasts, "always unlocked" (spec section 1),
  // open to visitors.
  { path: "/forecasts", access: "public", title: "Forecasts" },
  // Not in the spec's table: a card per model, its version, real-history backtest and live record
  // (decision 028). /models lists them; /models/<slug> is one (MODEL_SLUGS).
  { path: "/models/:model?", access: "public", title: "Model Cards" },
  { path: "/policies/:policyType?", access: "public", title: "Policies" },
  // Not in the spec's table: a SEBI-registered research analyst's pages, filled from the operator's profile
  // (without one they say there is none).
  { path: "/disclosures", access: "public", title: "Regulatory Disclosures" },
  { path: "/investor-charter", access: "public", title: "Investor Charter for Research Analysts" },
  { path: "/terms-summary", access: "public", title: "Most Important Terms and Conditions" },
  { path: "/complaints", access: "public", title: "Investor Complaints" },
  // Not in the spec's table: the ledger's signed day heads, the operator's key and the day bundles, with
  // how to verify them offline (docs/record-format.md).
  { path: "/record", access: "public", title: "Signed record" },
  // Not in the spec's table: the page an alert e-mail's unsubscribe link opens.
  { path: "/alerts/unsubscribe", access: "public", title: "Stop Alert E-mails" },
  { path: "/dashboard", access: "protected", title: "Dashboard" },
  { path: "/trading-services", access: "protected", title: "Educational Services" },
  { path: "/whatsapp-contact", access: "protected", title: "Contribution" },
  { path: "/profile", access: "protected", title: "Profile Settings" },
  { path: "/settings", access: "protected", title: "Settings" },
  { path: "/live-trade", access: "protected", title: "Live Model Analytics" },
  { path: "/live-trade/banknifty", access: "protected", title: "BankNifty Live Models" },
  {
    path: "/live-trade/banknifty/kalpavruksha",
    access: "protected",
    title: "BankNifty KalpaVruksha",
  },
  { path: "/live-trade/banknifty/hft", access: "protected", title: "BankNifty HFT" },
  { path: "/live-trade/nifty", access: "protected", title: "Nifty Live Model" },
  { path: "/live-trade/crudeoil", access: "protected", title: "CrudeOil Live Model" },
  // Not in the spec's table (it shows no admin role): the operator's console.
  { path: "/admin", access: "admin", title: "Operator Console" },
] as const satisfies readonly AppRoute[];

export type AppPath = (typeof APP_ROUTES)[number]["path"];

function toMatcher(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(":")) {
        return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${body}/?$`, "i");
}

const MATCHERS = APP_ROUTES.map((route) => toMatcher(route.path));

/** The app's route a browser path (no query string) opens, if any. */
export function matchAppRoute(pathname: string): AppRoute | undefined {
  const index = MATCHERS.findIndex((matcher) => matcher.test(pathname));
  return index === -1 ? undefined : APP_ROUTES[index];
}

/** True when a browser path (no query string) is one of the app's routes. */
export function isAppPath(pathname: string): boolean {
  return matchAppRoute(pathname) !== undefined;
}
