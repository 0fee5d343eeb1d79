/**
 * The three research services as the dashboard shows them, with the live route a service opens when the
 * user has access (spec section 2) and the modules it unlocks.
 */
import type { AccessKey, InstrumentSlug } from "@kalpa/contracts/names";

export interface DashboardService {
  key: AccessKey;
  /** As in URLs: the Contribution page's `?service=`. */
  slug: InstrumentSlug;
  name: string;
  descriptionKey: "nifty" | "banknifty" | "crudeoil";
  liveRoute: string;
  modules: readonly string[];
}

export const DASHBOARD_SERVICES: readonly DashboardService[] = [
  {
    key: "Nifty",
    slug: "nifty",
    name: "Nifty",
    descriptionKey: "nifty",
    liveRoute: "/live-trade/nifty",
    modules: ["KalpaVruksha"],
  },
  {
    key: "BankNifty",
    slug: "banknifty",
    name: "BankNifty",
    descriptionKey: "banknifty",
    liveRoute: "/live-trade/banknifty/kalpavruksha",
    modules: ["KalpaVruksha", "HFT"],
  },
  {
    key: "CrudeOil",
    slug: "crudeoil",
    name: "CrudeOil",
    descriptionKey: "crudeoil",
    liveRoute: "/live-trade/crudeoil",
    modules: ["Yamuna"],
  },
];

/** No service open: the dashboard's access until the route passes the active subscriptions. */
export const NO_ACCESS: ReadonlySet<AccessKey> = new Set();
