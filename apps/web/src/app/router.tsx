import { APP_ROUTES, type AppPath, type AppRoute } from "@kalpa/contracts/routes";
import type { ComponentType } from "react";
import { matchPath, Route, Routes } from "react-router";
import { preloadable } from "@/lib/preloadable";
import type { AccessRule } from "./access-guard";
import { RootLayout } from "./root-layout";
import { RouteErrorBoundary } from "./route-error-boundary";

type LoadPage = () => Promise<ComponentType>;

/**
 * One lazily loaded module per route of the contracts' route table. Typed as a record over AppPath, so a
 * route added to APP_ROUTES does not compile until it has a page here.
 */
const PAGES: Record<AppPath, LoadPage> = {
  "/": () => import("./routes/home").then((m) => m.HomeRoute),
  "/pricing": () => import("./routes/pricing").then((m) => m.PricingRoute),
  "/login": () => import("./routes/login").then((m) => m.LoginRoute),
  "/signup": () => import("./routes/signup").then((m) => m.SignupRoute),
  "/contact": () => import("./routes/contact").then((m) => m.ContactRoute),
  "/help": () => import("./routes/help").then((m) => m.HelpRoute),
  "/logout": () => import("./routes/logout").then((m) => m.LogoutRoute),
  "/faq": () => import("./routes/faq").then((m) => m.FaqRoute),
  "/paper-trade": () => import("./routes/paper-trade").then((m) => m.PaperTradeRoute),
  "/forecasts": () => import("./routes/forecasts").then((m) => m.ForecastsRoute),
  "/models/:model?": () => import("./routes/models").then((m) => m.ModelsRoute),
  "/policies/:policyType?": () => import("./routes/policies").then((m) => m.PoliciesRoute),
  "/disclosures": () => import("./routes/disclosures").then((m) => m.DisclosuresRoute),
  "/investor-charter": () =>
    import("./routes/investor-charter").then((m) => m.InvestorCharterRoute),
  "/terms-summary": () => import("./routes/terms-summary").then((m) => m.TermsSummaryRoute),
  "/complaints": () => import("./routes/complaints").then((m) => m.ComplaintsRoute),
  "/record": () => import("./routes/record").then((m) => m.RecordRoute),
  "/alerts/unsubscribe": () =>
    import("./routes/alerts-unsubscribe").then((m) => m.AlertsUnsubscribeRoute),
  "/dashboard": () => import("./routes/dashboard").then((m) => m.DashboardRoute),
  "/trading-services": () =>
    import("./routes/trading-services").then((m) => m.TradingServicesRoute),
  "/whatsapp-contact": () =>
    import("./routes/whatsapp-contact").then((m) => m.WhatsappContactRoute),
  "/profile": () => import("./routes/profile").then((m) => m.ProfileRoute),
  "/settings": () => import("./routes/settings").then((m) => m.SettingsRoute),
  "/live-trade": () => import("./routes/live-trade").then((m) => m.LiveTradeRoute),
  "/live-trade/banknifty": () =>
    import("./routes/live-trade-banknifty").then((m) => m.LiveTradeBankNiftyRoute),
  "/live-trade/banknifty/kalpavruksha": () =>
    import("./routes/live-trade-banknifty-kalpavruksha").then(
      (m) => m.LiveTradeBankNiftyKalpaVrukshaRoute,
    ),
  "/live-trade/banknifty/hft": () =>
    import("./routes/live-trade-banknifty-hft").then((m) => m.LiveTradeBankNiftyHftRoute),
  "/live-trade/nifty": () => import("./routes/live-trade-nifty").then((m) => m.LiveTradeNiftyRoute),
  "/live-trade/crudeoil": () =>
    import("./routes/live-trade-crudeoil").then((m) => m.LiveTradeCrudeOilRoute),
  "/admin": () => import("./routes/admin").then((m) => m.AdminRoute),
};

/**
 * What protected pages ask beyond a signed-in user: the dashboards and live screens stay blocked
 * until the risk disclosure agreement is accepted. Every other protected page only asks for the agreement.
 * An instrument the user has no access to is the live screen's own Access Restricted (decision 018).
 */
const ACCESS_RULES: Partial<Record<AppPath, AccessRule>> = {
  "/dashboard": { agreement: "require" },
  "/live-trade": { agreement: "require" },
  "/live-trade/banknifty": { agreement: "require" },
  "/live-trade/banknifty/kalpavruksha": { agreement: "require" },
  "/live-trade/banknifty/hft": { agreement: "require" },
  "/live-trade/nifty": { agreement: "require" },
  "/live-trade/crudeoil": { agreement: "require" },
};

/**
 * The guards load with the first page that needs one, beside its code, so that public pages (the landing,
 * pricing) never download them.
 */
const loadGuards = () => import("./access-guard");

/** A protected or admin page behind its guard. */
async function guardedPage(route: AppRoute, Page: ComponentType): Promise<ComponentType> {
  const { AccessGuard, AdminGuard } = await loadGuards();
  const rule = ACCESS_RULES[route.path as AppPath];
  function GuardedPage() {
    return route.access === "admin" ? (
      <AdminGuard>
        <Page />
      </AdminGuard>
    ) : (
      <AccessGuard rule={rule}>
        <Page />
      </AccessGuard>
    );
  }
  GuardedPage.displayName = `Guarded(${Page.displayName ?? Page.name})`;
  return GuardedPage;
}

/** One route of the app: its path pattern and its page, whose code loads when first shown. */
export interface AppRouteEntry {
  path: string;
  Page: ComponentType;
  /** Fetches the page's code (once); the app calls it for the first page before it renders. */
  preload: () => Promise<unknown>;
}

function lazyRoute(path: string, load: () => Promise<ComponentType>): AppRouteEntry {
  const { Component, preload } = preloadable(load);
  return { path, Page: Component, preload };
}

/** The spec's routes (from the contracts' table), then a not-found page for any other path. */
export const appRoutes: readonly AppRouteEntry[] = [
  ...APP_ROUTES.map((route) =>
    lazyRoute(route.path, async () => {
      if (route.access === "public") return PAGES[route.path]();
      // The page's code and the guards' load side by side.
      const [Page] = await Promise.all([PAGES[route.path](), loadGuards()]);
      return guardedPage(route, Page);
    }),
  ),
  lazyRoute("*", () => import("./routes/not-found").then((m) => m.NotFoundRoute)),
];

/** Starts loading the page for `pathname` (the not-found page when no route matches). */
export function preloadPage(pathname: string): Promise<unknown> {
  const route =
    appRoutes.find((candidate) => candidate.path !== "*" && matchPath(candidate.path, pathname)) ??
    appRoutes.find((candidate) => candidate.path === "*");
  return route ? route.preload() : Promise.resolve();
}

/**
 * Every page inside the site's layout (navigation, footer, consent, error and loading states: see
 * RootLayout). Rendered inside a router: BrowserRouter in the browser, MemoryRouter in tests.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RootLayout />}>
          {appRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
