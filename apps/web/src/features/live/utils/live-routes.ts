/**
 * The live screens' instruments, models and routes (spec sections 2 and 4): which model a route shows, the
 * route of each instrument and BankNifty sub-model, and where /live-trade alone leads.
 */
import type { AccessKey, ExchangeName, MarketSymbol, ModelId } from "@kalpa/contracts/names";

export type BankNiftyModel = "KalpaVruksha" | "HFT";

export interface LiveInstrument {
  key: AccessKey;
  exchange: ExchangeName;
  /** The underlying whose 1-minute candles the live screen charts. */
  symbol: MarketSymbol;
  /** The route its button opens (BankNifty: KalpaVruksha's). */
  route: string;
}

/** In the order of the buttons. */
export const LIVE_INSTRUMENTS: readonly LiveInstrument[] = [
  {
    key: "BankNifty",
    exchange: "NSE",
    symbol: "BANKNIFTY",
    route: "/live-trade/banknifty/kalpavruksha",
  },
  { key: "Nifty", exchange: "NSE", symbol: "NIFTY", route: "/live-trade/nifty" },
  { key: "CrudeOil", exchange: "MCX", symbol: "CRUDEOIL", route: "/live-trade/crudeoil" },
];

export const BANKNIFTY_MODELS: ReadonlyArray<{ name: BankNiftyModel; route: string }> = [
  { name: "KalpaVruksha", route: "/live-trade/banknifty/kalpavruksha" },
  { name: "HFT", route: "/live-trade/banknifty/hft" },
];

/** What a live route shows: the instrument and, for BankNifty, the sub-model (KalpaVruksha by default). */
export interface LiveSelection {
  instrument: AccessKey;
  subModel?: BankNiftyModel;
}

/** The model whose signal the card shows for a selection. */
export function modelOf(selection: LiveSelection): ModelId {
  switch (selection.instrument) {
    case "BankNifty":
      return selection.subModel === "HFT" ? "BankNifty:HFT" : "BankNifty:KalpaVruksha";
    case "Nifty":
      return "Nifty:KalpaVruksha";
    case "CrudeOil":
      return "CrudeOil:Yamuna";
  }
}

/** The model's name on the card: Yamuna for CrudeOil, KalpaVruksha for Nifty, BankNifty's sub-model. */
export function modelName(model: ModelId): string {
  return model.slice(model.indexOf(":") + 1);
}

export function instrumentOf(key: AccessKey): LiveInstrument {
  const instrument = LIVE_INSTRUMENTS.find((candidate) => candidate.key === key);
  if (!instrument) throw new Error(`No live instrument ${key}`);
  return instrument;
}

/**
 * The route of the first instrument the user may open, in the order of the spec's activeSubscriptions
 * (Nifty, BankNifty, CrudeOil: `activeSubscriptions` gives them so), or null with none. BankNifty's is
 * KalpaVruksha's.
 */
export function firstActiveRoute(activeSubscriptions: readonly AccessKey[]): string | null {
  const first = activeSubscriptions[0];
  return first ? instrumentOf(first).route : null;
}

/** The Active Modules a user's access opens, for the restricted view. */
export function activeModules(active: ReadonlySet<AccessKey>): string[] {
  const modules: string[] = [];
  for (const instrument of LIVE_INSTRUMENTS) {
    if (!active.has(instrument.key)) continue;
    if (instrument.key === "BankNifty") {
      for (const model of BANKNIFTY_MODELS) modules.push(`BankNifty ${model.name}`);
    } else modules.push(`${instrument.key} ${modelName(modelOf({ instrument: instrument.key }))}`);
  }
  return modules;
}
