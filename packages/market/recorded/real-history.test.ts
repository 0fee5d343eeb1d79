/**
 * The models on the recorded market: each runs over its symbol's recorded days, trades only
 * inside the hours its rules allow, and a crude signal's fills are the recorded prices of the contract it
 * trades; and the committed model-card figures (model-cards/real-history.json) are what the backtest
 * gives on the same data today. Skips without shared/market-data.
 */

import { readFileSync } from "node:fs";
import { MODEL_IDS } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import { runBacktest } from "../src/backtest/backtest";
import { realisedLevelPricer } from "../src/backtest/realised-pricer";
import { sessionAt } from "../src/calendar/session-search";
import { recordedContracts, recordedMarket } from "../src/feed/recorded-market";
import { optionUnderlying } from "../src/instruments/option-underlyings";
import { createModel } from "../src/models/models";
import { squareOffAt } from "../src/signals/square-off";
import { MINUTE_MS } from "../src/time/time-of-day";
import { readRecordedFolder, recordedFiles, SKIPPED_WITHOUT_DATA } from "./market-data";

/** The committed figures the model cards show (npm run backtest -- --data … --json). */
const REAL_HISTORY = new URL("../model-cards/real-history.json", import.meta.url);

const present =
  recordedFiles("index-1min", "BANKNIFTY_").length > 0 &&
  recordedFiles("crudeoil-options-1min", "CRUDEOIL_options_").length > 0;
const note = present ? "" : ` ${SKIPPED_WITHOUT_DATA}`;

describe.skipIf(!present)(`the models on the recorded market${note}`, () => {
  const market = present ? recordedMarket(readRecordedFolder()) : undefined;

  const runs = present
    ? MODEL_IDS.map((id) => {
        const recorded = market as NonNullable<typeof market>;
        const days = recorded.days(createModel(id).symbol);
        return runBacktest({
          model: id,
          from: days[0] as string,
          to: days.at(-1) as string,
          source: recorded,
          contracts: recordedContracts(recorded),
          optionBar: (contract, time) => recorded.optionBar(contract.symbol, contract, time),
          pricer: realisedLevelPricer(recorded.dailyBar),
        });
      })
    : [];

  it("reads the 116 index sessions of January–June 2024 and crude's June 2025 days", () => {
    const recorded = market as NonNullable<typeof market>;
    expect(recorded.days("NIFTY")).toHaveLength(116);
    expect(recorded.days("BANKNIFTY")).toHaveLength(116);
    // 4 Jun 2024: NIFTY's 1-minute session closed at 21,996 (the data's README).
    expect(recorded.minuteBars("NIFTY", "2024-06-04").at(-1)?.close).toBeCloseTo(21_996, 0);
    const crude = recorded.days("CRUDEOIL");
    expect(crude[0]?.startsWith("2025-06")).toBe(true);
    expect(crude.length).toBeGreaterThanOrEqual(14);
  });

  it("every model trades on the real days, each signal inside its session's allowed hours", () => {
    for (const result of runs) {
      const model = createModel(result.modelId);
      const { exchange } = optionUnderlying(model.symbol);
      expect(result.summary.trades, result.modelId).toBeGreaterThan(0);
      for (const signal of result.signals) {
        const session = sessionAt(exchange, signal.generatedAt);
        const squareOff = squareOffAt(exchange, signal.day);
        expect(session, `${result.modelId} ${signal.id}`).toBeDefined();
        if (!session || squareOff === undefined) continue;
        const rules = model.rules;
        expect(signal.generatedAt).toBeGreaterThanOrEqual(
          session.open + rules.openingQuietMinutes * MINUTE_MS,
        );
        expect(signal.generatedAt).toBeLessThanOrEqual(squareOff - rules.cutoffMinutes * MINUTE_MS);
        if (signal.exitTime !== null) expect(signal.exitTime).toBeLessThanOrEqual(squareOff);
      }
    }
  });

  it("fills a crude signal at its recorded contract's prices", () => {
    const recorded = market as NonNullable<typeof market>;
    const crude = runs.find((result) => result.modelId === "CrudeOil:Yamuna");
    const trades = crude?.trades ?? [];
    expect(trades.length).toBeGreaterThan(0);
    for (const { signal, entryPrice, exitPrice } of trades) {
      expect(signal.priceSource).toBe("quote");
      // The minute each fill happened in: the recorded bar's range and a tick's slippage, or the order's
      // own limit (a resting buy at the zone's high, the target, the stop's limit) that the bar reached.
      const tick = 0.1 + 1e-9;
      const entryBar = recorded.optionBar("CRUDEOIL", signal, (signal.entryTime ?? 0) - MINUTE_MS);
      const exitBar = recorded.optionBar("CRUDEOIL", signal, (signal.exitTime ?? 0) - MINUTE_MS);
      expect(entryBar, `${signal.id} has a recorded bar at its entry`).toBeDefined();
      expect(exitBar, `${signal.id} has a recorded bar at its exit`).toBeDefined();
      if (!entryBar || !exitBar) continue;
      expect(entryBar.low - tick).toBeLessThanOrEqual(entryPrice);
      expect(entryPrice).toBeLessThanOrEqual(Math.max(entryBar.high + tick, signal.entryHigh));
      expect(entryBar.low).toBeLessThanOrEqual(signal.entryHigh);
      expect(exitPrice).toBeLessThanOrEqual(Math.max(exitBar.high + tick, signal.target));
      expect(exitPrice).toBeGreaterThanOrEqual(
        Math.min(exitBar.low - tick, signal.stopLimit ?? exitBar.low),
      );
    }
  });

  it("the committed model-card figures are today's backtest on the same data", () => {
    const committed = JSON.parse(readFileSync(REAL_HISTORY, "utf8")) as {
      models: {
        modelId: string;
        window: { days: number };
        summary: { trades: number; netPnl: number };
      }[];
    };
    for (const result of runs) {
      const card = committed.models.find((model) => model.modelId === result.modelId);
      expect(card, `${result.modelId} in model-cards/real-history.json`).toBeDefined();
      expect(card?.summary.trades, result.modelId).toBe(result.summary.trades);
      expect(card?.summary.netPnl, result.modelId).toBe(result.net.net);
      expect(card?.window.days, result.modelId).toBe(result.summary.days);
    }
  });
});
