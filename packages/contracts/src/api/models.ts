/**
 * Model cards (decision 028): a public page per model with its version, its backtest on
 * real recorded history and its live paper record since that version began.
 *
 * The backtest's figures come from one committed file, packages/market/model-cards/real-history.json,
 * written by `npm run backtest -- --data ../shared/market-data --model all --json` (RealHistorySchema: extra
 * fields are tolerated and dropped). Amounts are net rupees per lot after charges and slippage. The live
 * record is read from the journal's closed trades of the current version.
 *
 * - GET /api/models: every model's card, in MODEL_IDS order.
 * - GET /api/models/:model (a MODEL_SLUGS slug): one card; 404 for an unknown slug.
 */
import * as z from "zod/mini";
import {
  DayKeySchema,
  MarketSymbolSchema,
  MODEL_IDS,
  type ModelId,
  ModelIdSchema,
  ModelVersionSchema,
} from "../names";

/** The model's name on its cards (the signal card's `name`). */
export const MODEL_NAMES: Readonly<Record<ModelId, string>> = {
  "BankNifty:KalpaVruksha": "KalpaVruksha",
  "BankNifty:HFT": "HFT",
  "Nifty:KalpaVruksha": "KalpaVruksha",
  "CrudeOil:Yamuna": "Yamuna",
};

/** A model in a URL: "BankNifty:KalpaVruksha" → "banknifty-kalpavruksha". */
export const MODEL_SLUGS: Readonly<Record<ModelId, string>> = {
  "BankNifty:KalpaVruksha": "banknifty-kalpavruksha",
  "BankNifty:HFT": "banknifty-hft",
  "Nifty:KalpaVruksha": "nifty-kalpavruksha",
  "CrudeOil:Yamuna": "crudeoil-yamuna",
};

/** The model a slug names, if any (case-insensitive). */
export function modelOfSlug(slug: string): ModelId | undefined {
  const wanted = slug.toLowerCase();
  return MODEL_IDS.find((id) => MODEL_SLUGS[id] === wanted);
}

/** What the backtest decided from the random baseline: no edge, a weak one, or a positive one. */
export const MODEL_EDGES = ["none", "weak", "positive"] as const;
export const ModelEdgeSchema = z.enum(MODEL_EDGES);
export type ModelEdge = z.infer<typeof ModelEdgeSchema>;

/** A ratio or an average that a window without trades (or without losses) does not have. */
const maybe = z.nullable(z.number());

const WindowSchema = z.object({ from: DayKeySchema, to: DayKeySchema, days: z.number() });

/** One model's backtest on real history (the `--json` output, one entry of `models`). */
export const RealHistoryModelSchema = z.object({
  modelId: ModelIdSchema,
  /**
   * The version the backtest ran (may be older than the current one: the card says so); absent from a file
   * that did not record it (the card says that too).
   */
  version: z.optional(z.string()),
  window: WindowSchema,
  summary: z.object({
    trades: z.number(),
    wins: z.number(),
    losses: z.number(),
    winRate: maybe,
    averageWin: maybe,
    /** A negative number. */
    averageLoss: maybe,
    expectancy: maybe,
    profitFactor: maybe,
    netPnl: z.number(),
    maxDrawdown: z.number(),
    longestLosingStreak: z.number(),
    stopsPastLimit: z.optional(z.number()),
  }),
  months: z.array(
    z.object({ month: z.string(), trades: z.number(), winRate: maybe, netPnl: z.number() }),
  ),
  /** The equity curve: cumulative net by day, oldest first. */
  equity: z.array(z.object({ day: DayKeySchema, net: z.number() })),
  baselines: z.object({
    /** Random entries on the same days with the same exits (seeded runs). */
    random: z.object({
      runs: z.number(),
      seed: z.number(),
      netPnl: z.object({ p5: z.number(), p50: z.number(), p95: z.number() }),
      /** Where the model's net falls among the runs (0–100). */
      modelPercentile: z.number(),
      /** The runs' cumulative net by day: 5th, 50th and 95th percentiles. */
      equityBand: z.array(
        z.object({ day: DayKeySchema, p5: z.number(), p50: z.number(), p95: z.number() }),
      ),
    }),
    /** One entry every day at 09:20 with the same exits. */
    fixed0920: z.object({
      trades: z.number(),
      winRate: maybe,
      expectancy: maybe,
      netPnl: z.number(),
      profitFactor: maybe,
      maxDrawdown: z.number(),
    }),
  }),
  edge: ModelEdgeSchema,
  /**
   * With `--held-out-from`: the same figures on the days no fit or mend of the model ever saw (the end of
   * the window); `edge` above is then the worse of the two.
   */
  heldOut: z.optional(
    z.object({
      window: WindowSchema,
      summary: z.object({ trades: z.number(), winRate: maybe, netPnl: z.number() }),
      random: z.object({ runs: z.number(), modelPercentile: z.number() }),
      edge: ModelEdgeSchema,
    }),
  ),
});
export type RealHistoryModel = z.infer<typeof RealHistoryModelSchema>;

/** A model the backtest could not run (no recorded bars in its window), and why. */
const NotRunSchema = z.object({ modelId: ModelIdSchema, notRun: z.string() });

/** packages/market/model-cards/real-history.json. */
export const RealHistorySchema = z.object({
  /** The command that wrote it. */
  generatedBy: z.string(),
  generatedOn: DayKeySchema,
  models: z.array(z.union([RealHistoryModelSchema, NotRunSchema])),
});
export type RealHistory = z.infer<typeof RealHistorySchema>;

const VersionEntrySchema = z.object({ version: ModelVersionSchema, since: DayKeySchema });

/** The live paper record of one version: its closed trades in the journal (net of charges). */
export const LiveRecordSchema = z.object({
  version: ModelVersionSchema,
  /** The day the version began (its record starts there). */
  since: DayKeySchema,
  trades: z.number(),
  wins: z.number(),
  losses: z.number(),
  /** 0 to 1; null without trades. */
  winRate: maybe,
  net: z.number(),
});
export type LiveRecord = z.infer<typeof LiveRecordSchema>;

export const ModelCardSchema = z.object({
  model: ModelIdSchema,
  slug: z.string(),
  name: z.string(),
  symbol: MarketSymbolSchema,
  /** The bars the model reads. */
  interval: z.enum(["1m", "5m", "15m"]),
  /** Its default parameters, by name (docs/models.md section 3). */
  parameters: z.record(z.string(), z.number()),
  /** The version the engine runs, and the day it began. */
  current: VersionEntrySchema,
  /** Every version the model has had, oldest first. */
  versions: z.array(VersionEntrySchema),
  /** The real-history backtest; null until its file is published. */
  backtest: z.nullable(RealHistoryModelSchema),
  /** Where the backtest's figures come from; null with no backtest. */
  backtestSource: z.nullable(z.object({ generatedBy: z.string(), generatedOn: DayKeySchema })),
  /** The current version's live paper record; null where the figures are withheld (below). */
  live: z.nullable(LiveRecordSchema),
  /**
   * True when past-performance figures are withheld from this visitor: with the operator's research-analyst
   * profile whose past performance PaRRVA has not verified, the backtest and the live record go to
   * signed-in users only (decision 031); `backtest`, `backtestSource` and `live` are then null.
   */
  figuresWithheld: z.boolean(),
});
export type ModelCard = z.infer<typeof ModelCardSchema>;

export const ModelCardsSchema = z.array(ModelCardSchema);

export const modelCardsEndpoint = {
  method: "GET",
  path: "/api/models",
  response: ModelCardsSchema,
} as const;

export const modelCardEndpoint = {
  method: "GET",
  path: "/api/models/:model",
  response: ModelCardSchema,
} as const;
