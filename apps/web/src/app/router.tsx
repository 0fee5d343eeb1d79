import { APP_ROUTES, type AppPath, type RouteAccess } from "@kalpa/contracts/routes";
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageLoading } from "@/components/ui/page-loading";
import { AccessGuard } from "./access-guard";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

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
  "/policies/:policyType?": () => import("./routes/policies").then((m) => m.PoliciesRoute),
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
};

/** A protected page behind the access guard. */
function guarded(Page: ComponentType): ComponentType {
  function GuardedPage() {
    return (
      <AccessGuard>
        <Page />
      </AccessGuard>
    );
  }
  GuardedPage.displayName = `Guarded(${Page.displayName ?? Page.name})`;
  return GuardedPage;
}

async function loadRoute(path: AppPath, access: RouteAccess): Promise<ComponentType> {
  const Page = await PAGES[path]();
  return access === "protected" ? guarded(Page) : Page;
}

/** What each route carries for later use. */
export interface AppRouteHandle {
  access: RouteAccess;
  title: string;
}

/** The app's route objects, shared by the browser router and the tests' memory routers. */
export const appRoutes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      {
        // Pathless: keeps the navbar and footer on screen while a page loads or fails.
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageLoading />,
        children: [
          ...APP_ROUTES.map(
            (route): RouteObject => ({
              path: route.path,
              handle: { access: route.access, title: route.title } satisfies AppRouteHandle,
              lazy: async () => ({ Component: await loadRoute(route.path, route.access) }),
            }),
          ),
          {
            path: "*",
            lazy: async () => ({
              Component: (await import("./routes/not-found")).NotFoundRoute,
            }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
