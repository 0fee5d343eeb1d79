/**
 * The three research services as the dashboard shows them, with the live route a service opens when the
 * user has access (spec section 2) and the modules it unlocks.
 */
import type { AccessKey } from "@kalpa/contracts/names";

export interface DashboardService {
  key: AccessKey;
  name: string;
  descriptionKey: "nifty" | "banknifty" | "crudeoil";
  liveRoute: string;
  modules: readonly string[];
}

export const DASHBOARD_SERVICES: readonly DashboardService[] = [
  {
    key: "Nifty",
    name: "Nifty",
    descriptionKey: "nifty",
    liveRoute: "/live-trade/nifty",
    modules: ["KalpaVruksha"],
  },
  {
    key: "BankNifty",
    name: "BankNifty",
    descriptionKey: "banknifty",
    liveRoute: "/live-trade/banknifty/kalpavruksha",
    modules: ["KalpaVruksha", "HFT"],
  },
  {
    key: "CrudeOil",
    name: "CrudeOil",
    descriptionKey: "crudeoil",
    liveRoute: "/live-trade/crudeoil",
    modules: ["Yamuna"],
  },
];

/**
 * Which services the user can open. Seam for issue 6: the subscription status (active subscriptions,
 * spec section 5) replaces this empty set, and nothing else in the dashboard changes.
 */
export const NO_ACCESS: ReadonlySet<AccessKey> = new Set();
