/**
 * The option model's calibration and its premium errors on recorded real prices: the fit
 * (scripts/calibrate-options.ts writes it) and the measures the held-out check
 * (recorded/option-chain.test.ts) asserts. What is fitted on what: scripts/calibrate-options.ts's header.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { MarketSymbol } from "@kalpa/contracts/names";
import {
  type ChainQuote,
  fitSurface,
  impliedDividendYield,
  median,
  modelPremium,
} from "../src/options/chain-calibration";
import { impliedVolatility } from "../src/options/implied-volatility";
import {
  atmVolatility,
  IV_SURFACES_BEFORE_CALIBRATION,
  type IvSurface,
} from "../src/options/iv-model";
import { REALISED_SESSIONS, realisedVolatility } from "../src/options/realised-level";
import {
  atmSessions,
  CALIBRATION_RATE,
  crudeChains,
  type ExpiryChain,
  indexCloses,
  nseChains,
} from "./option-quotes";

export const CALIBRATION_FITS = [
  "NIFTY's chain of 14 Nov 2025 (nse-options-eod), expiries within 75 days: NIFTY's surface and the index carry",
  "the at-the-money series of 19 Jan - 31 Mar 2026 (options-atm-5min, index-daily): BANKNIFTY's level against NIFTY's, and each index's implied over realised volatility",
  "crude's options of 2-12 Jun 2025 (crudeoil-options-1min, before the 13 Jun spike): CRUDEOIL's surface",
];

const FIT_DAYS = 75;
const ATM_FIT_END = "2026-03-31";
const CRUDE_TEST_FROM = "2025-06-13";

export interface Calibration {
  readonly rate: number;
  readonly dividendYield: number;
  readonly surfaces: Record<MarketSymbol, IvSurface>;
  /** Per index: the median at-the-money IV over the realised volatility of the sessions before. */
  readonly impliedOverRealised: Record<"NIFTY" | "BANKNIFTY", number>;
}

/**
 * Each at-the-money session's IV over the realised volatility of the REALISED_SESSIONS daily returns before
 * its day (index-daily), keyed by day.
 */
export function impliedOverRealisedBySession(
  symbol: "NIFTY" | "BANKNIFTY",
  sessions: readonly ExpiryChain[],
): Map<string, { implied: number; realised: number }> {
  const closes = [...indexCloses(symbol).entries()].sort(([a], [b]) => a.localeCompare(b));
  const index = new Map(closes.map(([day], i) => [day, i]));
  const ratios = new Map<string, { implied: number; realised: number }>();
  for (const session of sessions) {
    const at = index.get(session.day);
    const implied = atmIv(session);
    if (at === undefined || implied === undefined) continue;
    const realised = realisedVolatility(closes.slice(0, at).map(([, close]) => close));
    if (realised !== undefined) ratios.set(session.day, { implied, realised });
  }
  return ratios;
}

const quotesOf = (chains: readonly ExpiryChain[]): ChainQuote[] =>
  chains.flatMap((c) => [...c.atm, ...c.otm]);

function atmIv(chain: ExpiryChain): number | undefined {
  const vols = chain.atm
    .map((q) =>
      impliedVolatility({
        type: q.type,
        underlying: q.forward,
        strike: q.strike,
        years: q.years,
        rate: CALIBRATION_RATE,
        carry: 0,
        carryFollowsRate: false,
        price: q.price,
      }),
    )
    .filter((v): v is number => v !== undefined);
  return vols.length > 0 ? median(vols) : undefined;
}

/** Fits the calibration from the recorded files; undefined where they are absent. */
export function fitCalibration(): Calibration | undefined {
  const nifty = nseChains().filter(
    (c) => c.symbol === "NIFTY" && c.years * 365 <= FIT_DAYS && c.spot !== undefined,
  );
  const crude = crudeChains().filter((c) => c.day < CRUDE_TEST_FROM);
  const niftyAtm = atmSessions("NIFTY").filter((c) => c.day <= ATM_FIT_END);
  const bankAtm = atmSessions("BANKNIFTY").filter((c) => c.day <= ATM_FIT_END);
  if (nifty.length === 0 || crude.length === 0 || niftyAtm.length === 0) return undefined;

  const rate = CALIBRATION_RATE;
  const dividendYield = median(
    nifty.map((c) => impliedDividendYield(c.spot as number, c.forward, rate, c.years)),
  );
  const niftySurface = fitSurface(IV_SURFACES_BEFORE_CALIBRATION.NIFTY, quotesOf(nifty), rate);
  const niftyByDay = new Map(niftyAtm.map((c) => [c.day, atmIv(c)]));
  const ratios: number[] = [];
  for (const bank of bankAtm) {
    const n = niftyByDay.get(bank.day);
    const b = atmIv(bank);
    if (n !== undefined && b !== undefined) ratios.push(b / n);
  }
  const bankSurface = { ...niftySurface, atm: niftySurface.atm * median(ratios) };
  const impliedOverRealised = (symbol: "NIFTY" | "BANKNIFTY", sessions: readonly ExpiryChain[]) =>
    median(
      [...impliedOverRealisedBySession(symbol, sessions).values()].map(
        ({ implied, realised }) => implied / realised,
      ),
    );
  // One expiry trades: no term structure to fit; its near-expiry premium stays as it was.
  const crudeSurface = fitSurface(IV_SURFACES_BEFORE_CALIBRATION.CRUDEOIL, quotesOf(crude), rate, [
    "atm",
    "skew",
    "curvature",
  ]);
  return {
    rate,
    dividendYield,
    surfaces: { NIFTY: niftySurface, BANKNIFTY: bankSurface, CRUDEOIL: crudeSurface },
    impliedOverRealised: {
      NIFTY: impliedOverRealised("NIFTY", niftyAtm),
      BANKNIFTY: impliedOverRealised("BANKNIFTY", bankAtm),
    },
  };
}

/** How the product prices a recorded quote: its surface, and the forward it derives itself. */
export interface PricingView {
  readonly surfaces: Readonly<Record<MarketSymbol, IvSurface>>;
  /** Carry b of the index forward, spot × e^(bT). */
  readonly indexCarry: number;
}

/**
 * The model's premium error |model − market| / market of each quote of a chain, the model pricing as the
 * product does: an index option on spot × e^(bT) from the day's index close, a crude option on the
 * futures price (here the chain's parity forward: the recorded files hold no crude futures of those days).
 */
export function chainErrors(chain: ExpiryChain, view: PricingView, which: "atm" | "otm"): number[] {
  const forward =
    chain.spot === undefined ? chain.forward : chain.spot * Math.exp(view.indexCarry * chain.years);
  const surface = view.surfaces[chain.symbol];
  return chain[which].map((q) => {
    const model = modelPremium(surface, { ...q, forward }, CALIBRATION_RATE);
    return Math.abs(model - q.price) / q.price;
  });
}

export const BEFORE: PricingView = {
  surfaces: IV_SURFACES_BEFORE_CALIBRATION,
  indexCarry: CALIBRATION_RATE,
};

export function afterView(fit: Calibration): PricingView {
  return { surfaces: fit.surfaces, indexCarry: fit.rate - fit.dividendYield };
}

export interface ErrorRow {
  readonly set: string;
  readonly heldOut: boolean;
  readonly symbol: MarketSymbol;
  readonly expiry: string;
  readonly which: "atm" | "otm";
  readonly count: number;
  readonly before: number;
  readonly after: number;
  /** After, with each session's level set from its own at-the-money quotes (as a live feed would). */
  readonly afterLiveLevel: number;
  /**
   * After, with each index session's level from the realised volatility of the sessions before, times the
   * fitted implied-over-realised ratio (realised-level.ts: what a backtest without quotes prices at).
   */
  readonly afterRealisedLevel: number | undefined;
}

/** The view with an index chain's level from its recent realised volatility × the fitted ratio. */
function realisedLevel(
  view: PricingView,
  chain: ExpiryChain,
  ratios: Calibration["impliedOverRealised"],
): PricingView | undefined {
  if (chain.symbol === "CRUDEOIL") return undefined;
  const measured = impliedOverRealisedBySession(chain.symbol, [chain]).get(chain.day);
  if (!measured) return undefined;
  const surface = view.surfaces[chain.symbol];
  const atm = measured.realised * ratios[chain.symbol];
  return { ...view, surfaces: { ...view.surfaces, [chain.symbol]: { ...surface, atm } } };
}

/** The view with the surface's level moved so that its at-the-money IV is the chain's own. */
function liveLevel(view: PricingView, chain: ExpiryChain): PricingView {
  const measured = atmIv(chain);
  if (measured === undefined) return view;
  const surface = view.surfaces[chain.symbol];
  const atm = measured / (atmVolatility(surface, chain.years) / surface.atm);
  return { ...view, surfaces: { ...view.surfaces, [chain.symbol]: { ...surface, atm } } };
}

const medianOrUndefined = (values: readonly number[]) =>
  values.length > 0 ? median(values) : undefined;

/** Median errors per index, expiry and kind (at / out of the money), before and after. */
export function errorRows(
  after: PricingView,
  ratios: Calibration["impliedOverRealised"],
): ErrorRow[] {
  const rows: ErrorRow[] = [];
  const push = (set: string, heldOut: boolean, chains: readonly ExpiryChain[], key: string) => {
    for (const which of ["atm", "otm"] as const) {
      const before = chains.flatMap((c) => chainErrors(c, BEFORE, which));
      if (before.length === 0) continue;
      const chain = chains[0] as ExpiryChain;
      rows.push({
        set,
        heldOut,
        symbol: chain.symbol,
        expiry: key,
        which,
        count: before.length,
        before: median(before),
        after: median(chains.flatMap((c) => chainErrors(c, after, which))),
        afterLiveLevel: median(chains.flatMap((c) => chainErrors(c, liveLevel(after, c), which))),
        afterRealisedLevel: medianOrUndefined(
          chains.flatMap((c) => {
            const view = realisedLevel(after, c, ratios);
            return view ? chainErrors(c, view, which) : [];
          }),
        ),
      });
    }
  };
  const chains = nseChains();
  for (const symbol of ["NIFTY", "BANKNIFTY"] as const) {
    for (const chain of chains.filter((c) => c.symbol === symbol).slice(0, 2)) {
      push(`chain ${chain.day}`, symbol === "BANKNIFTY", [chain], chain.expiry);
    }
    const atm = atmSessions(symbol);
    push(
      "ATM 5-min 15:25, Jan-Mar 2026",
      false,
      atm.filter((c) => c.day <= ATM_FIT_END),
      "monthly",
    );
    push(
      "ATM 5-min 15:25, Apr-May 2026",
      true,
      atm.filter((c) => c.day > ATM_FIT_END),
      "monthly",
    );
  }
  const crude = crudeChains();
  for (const expiry of [...new Set(crude.map((c) => c.expiry))]) {
    const mine = crude.filter((c) => c.expiry === expiry);
    push(
      "crude 17:00, 2-12 Jun 2025",
      false,
      mine.filter((c) => c.day < CRUDE_TEST_FROM),
      expiry,
    );
    push(
      "crude 17:00, 13-20 Jun 2025",
      true,
      mine.filter((c) => c.day >= CRUDE_TEST_FROM),
      expiry,
    );
  }
  return rows;
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

/** The fit and its errors as markdown. */
export function errorTable(fit: Calibration): string {
  const lines = [
    `index carry b = r - q = ${(fit.rate - fit.dividendYield).toFixed(4)} (r ${fit.rate}, q ${fit.dividendYield.toFixed(4)})`,
    ...Object.entries(fit.surfaces).map(
      ([symbol, s]) =>
        `${symbol}: atm ${s.atm.toFixed(4)}, skew ${s.skew.toFixed(4)}, curvature ${s.curvature.toFixed(4)}, near-expiry premium ${s.nearExpiryPremium.toFixed(4)}`,
    ),
    "",
    "| quotes | held out | symbol | expiry | kind | n | before | after | after, level from the session's ATM | after, level from realised × ratio |",
    "| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...errorRows(afterView(fit), fit.impliedOverRealised).map(
      (r) =>
        `| ${r.set} | ${r.heldOut ? "yes" : "no (fitted)"} | ${r.symbol} | ${r.expiry} | ${r.which === "atm" ? "at the money" : "out of the money"} | ${r.count} | ${pct(r.before)} | ${pct(r.after)} | ${r.which === "otm" ? pct(r.afterLiveLevel) : "-"} | ${r.afterRealisedLevel === undefined ? "-" : pct(r.afterRealisedLevel)} |`,
    ),
  ];
  return lines.join("\n");
}

/** Writes the fit to src/options/calibrated-surfaces.ts (run on `today`); returns the file's path. */
export function writeCalibration(fit: Calibration, today: string): string {
  const round = (value: number) => Number(value.toPrecision(4));
  const body = Object.entries(fit.surfaces)
    .map(
      ([symbol, surface]) =>
        `  ${symbol}: {\n${Object.entries(surface)
          .map(([key, value]) => `    ${key}: ${round(value)},`)
          .join("\n")}\n  },`,
    )
    .join("\n");
  const text = `/**
 * The option model's IV surfaces and index carry, fitted to recorded real option prices. Generated: do not
 * edit by hand; rerun the command.
 *
 *   npm run calibrate:options -- ../shared/market-data        (run on ${today})
 *
 * Fitted on: ${CALIBRATION_FITS.join("; ")}.
 * Method and held-out checks: scripts/calibrate-options.ts, docs/models.md section 6.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import type { IvSurface } from "./iv-model";

export const CALIBRATED_SURFACES: Readonly<Record<MarketSymbol, IvSurface>> = {
${body}
};

/**
 * Continuous dividend yield q of the index options' forward, spot × e^((r − q)T) at r = ${fit.rate}: what
 * NIFTY's put–call parity forwards of 14 Nov 2025 imply (negative: the market's forward stood above
 * spot × e^(rT), a carry of ${(fit.rate - fit.dividendYield).toFixed(4)} a year).
 */
export const CALIBRATED_DIVIDEND_YIELD = ${round(fit.dividendYield)};

/**
 * Per index, the median over the at-the-money sessions of 19 Jan - 31 Mar 2026 of their implied volatility
 * over the realised volatility of the ${REALISED_SESSIONS} daily returns before (index-daily): the level a
 * pricer without quotes takes from the index's recent moves (realised-level.ts).
 */
export const CALIBRATED_IMPLIED_OVER_REALISED = {
  NIFTY: ${round(fit.impliedOverRealised.NIFTY)},
  BANKNIFTY: ${round(fit.impliedOverRealised.BANKNIFTY)},
} as const;
`;
  const target = fileURLToPath(new URL("../src/options/calibrated-surfaces.ts", import.meta.url));
  writeFileSync(target, text);
  return target;
}
