/**
 * The service catalogue (spec section 3: id, name, price, icon): the three instruments a contribution can
 * be for, in the spec's order, each with its exchange and the models it opens.
 */
import { PLAN_PRICE_RUPEES } from "@kalpa/contracts/constants";
import type { AccessKey, InstrumentSlug } from "@kalpa/contracts/names";
import { Droplet, Landmark, type LucideIcon, TrendingUp } from "lucide-react";

export interface ResearchService {
  /** The spec's id, as in URLs. */
  id: InstrumentSlug;
  /** The name shown, which is also the access key. */
  name: AccessKey;
  /** Rupees per month. */
  price: number;
  icon: LucideIcon;
  exchange: "NSE" | "MCX";
  modules: readonly string[];
}

export const RESEARCH_SERVICES: readonly ResearchService[] = [
  {
    id: "nifty",
    name: "Nifty",
    price: PLAN_PRICE_RUPEES,
    icon: TrendingUp,
    exchange: "NSE",
    modules: ["KalpaVruksha"],
  },
  {
    id: "banknifty",
    name: "BankNifty",
    price: PLAN_PRICE_RUPEES,
    icon: Landmark,
    exchange: "NSE",
    modules: ["KalpaVruksha", "HFT"],
  },
  {
    id: "crudeoil",
    name: "CrudeOil",
    price: PLAN_PRICE_RUPEES,
    icon: Droplet,
    exchange: "MCX",
    modules: ["Yamuna"],
  },
];

/** The service a URL value names, by id or name, in any case ("banknifty", "BankNifty"). */
export function findService(value: string | null | undefined): ResearchService | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  return RESEARCH_SERVICES.find(
    (service) => service.id === wanted || service.name.toLowerCase() === wanted,
  );
}

/** The services named by URL values, each once, in the order given; unknown values are left out. */
export function servicesFrom(values: readonly string[]): ResearchService[] {
  const found: ResearchService[] = [];
  for (const value of values) {
    const service = findService(value);
    if (service && !found.includes(service)) found.push(service);
  }
  return found;
}

/** The monthly total of a selection (spec section 9: the sum of the selected). */
export function totalRupees(services: readonly ResearchService[]): number {
  return services.reduce((sum, service) => sum + service.price, 0);
}

/** The URL parameter that carries the chosen service(s) from page to page. */
export const SERVICE_PARAM = "service";
