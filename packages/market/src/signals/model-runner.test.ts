import type { Bar } from "@kalpa/contracts/market";
import { describe, expect, it } from "vitest";
import { currentModelVersion } from "../models/model-versions";
import type { ModelSetup, SignalModel, SignalRules } from "../models/signal-model";
import { parseIndiaTime } from "../time/india-time";
import { ModelRunner, type SignalEvent } from "./model-runner";
import type { Signal } from "./signal";

const rules: SignalRules = {
  strikeSteps: 0,
  entryZone: 0.01,
  openingQuietMinutes: 15,
  cutoffMinutes: 45,
  cooldownMinutes: 15,
};

/** A model that sees a rise on every bar: the runner's rules alone decide what fires. */
function eager(): SignalModel {
  const setup: ModelSetup = {
    optionType: "CE",
    targetMove: 60,
    stopMove: 40,
    reason: "always",
    indicators: {},
  };
  return { id: "Nifty:KalpaVruksha", symbol: "NIFTY", interval: "5m", rules, update: () => setup };
}

const bar = (at: string, close = 25_010): Bar => ({
  time: parseIndiaTime(at),
  open: close,
  high: close,
  low: close,
  close,
  volume: 0,
});

const newSignals = (events: SignalEvent[]) =>
  events.filter((e) => e.kind === "new-signal").map((e) => e.signal);

describe("ModelRunner", () => {
  it("fires a signal once the opening's quiet minutes have passed, with the contract and zones", () => {
    const runner = new ModelRunner(eager());
    expect(runner.onBar(bar("2026-03-09 09:20"))).toEqual([]); // closes 09:25, before 09:30
    const [signal] = newSignals(runner.onBar(bar("2026-03-09 09:25")));
    expect(signal).toMatchObject({
      id: `Nifty:KalpaVruksha@${parseIndiaTime("2026-03-09 09:30")}`,
      modelId: "Nifty:KalpaVruksha",
      // The version the engine runs (models/model-versions.ts), not the operator's.
      modelVersion: currentModelVersion("Nifty:KalpaVruksha").version,
      symbol: "NIFTY",
      optionType: "CE",
      type: "BUY",
      strike: 25_000,
      expiry: "2026-03-10",
      lotSize: 65,
      day: "2026-03-09",
      generatedAt: parseIndiaTime("2026-03-09 09:30"),
      squareOffAt: parseIndiaTime("2026-03-09 15:15"),
      status: "generated",
    });
    const s = signal as Signal;
    expect(s.target).toBeGreaterThan(s.entryHigh);
    expect(s.entryLow).toBeGreaterThan(s.stopLoss);
    expect(s.premiumPerLot).toBeCloseTo(s.premium * 65, 6);
    expect(s.reason).toContain("always Buy NIFTY 2026-03-10 25000 CE between");
  });

  it("keeps one signal at a time, and waits out the cool-down after it closes", () => {
    const runner = new ModelRunner(eager());
    const first = newSignals(runner.onBar(bar("2026-03-09 10:00")))[0] as Signal;
    expect(runner.onBar(bar("2026-03-09 10:05"))).toEqual([]);
    // Trigger, then hit the target with the index 100 points higher.
    const at = (hhmm: string) => parseIndiaTime(`2026-03-09 ${hhmm}`);
    const triggered = runner.onUnderlying({ time: at("10:06"), price: 25_010 });
    expect(triggered.map((e) => e.kind === "signal-update" && e.event)).toEqual(["triggered"]);
    const closed = runner.onUnderlying({ time: at("10:20"), price: 25_110 });
    expect(closed[0]).toMatchObject({ kind: "signal-update", event: "closed" });
    expect(runner.signal).toMatchObject({ id: first.id, closeReason: "target" });
    expect(runner.onBar(bar("2026-03-09 10:25"))).toEqual([]); // 10:30 < 10:20 + 15
    expect(newSignals(runner.onBar(bar("2026-03-09 10:30")))).toHaveLength(1); // 10:35
  });

  it("prices a put's range from the underlying's: its high is at the index's low", () => {
    const model = eager();
    const putModel: SignalModel = {
      ...model,
      update: () => ({
        optionType: "PE",
        targetMove: 60,
        stopMove: 40,
        reason: "r",
        indicators: {},
      }),
    };
    const runner = new ModelRunner(putModel);
    runner.onBar(bar("2026-03-09 10:00"));
    runner.onUnderlying({ time: parseIndiaTime("2026-03-09 10:06"), price: 25_010 });
    expect(runner.signal?.status).toBe("triggered");
    const at = parseIndiaTime("2026-03-09 10:07");
    const [update] = runner.onUnderlying({
      time: at,
      open: 25_010,
      high: 25_020,
      low: 24_900,
      price: 25_010,
    });
    // The index dipped 110 points inside the minute, far enough for the put's target (60 points).
    expect(update).toMatchObject({ event: "closed" });
    expect(runner.signal?.closeReason).toBe("target");
  });

  it("stops firing near the square-off and outside sessions", () => {
    const runner = new ModelRunner(eager());
    expect(runner.onBar(bar("2026-03-09 14:30"))).toEqual([]); // closes 14:35 > 15:15 − 45
    expect(newSignals(runner.onBar(bar("2026-03-09 14:25")))).toHaveLength(1); // closes 14:30
    const holiday = new ModelRunner(eager());
    expect(holiday.onBar(bar("2026-03-03 11:00"))).toEqual([]); // Holi
    const muhurat = new ModelRunner(eager());
    expect(muhurat.onBar(bar("2025-10-21 14:00"))).toEqual([]); // inside the Muhurat-only session of 2025
  });

  it("cancels an untriggered signal at the square-off, squares off an open trade on the clock", () => {
    const runner = new ModelRunner(eager());
    runner.onBar(bar("2026-03-09 14:00"));
    const events = runner.onClock(parseIndiaTime("2026-03-09 15:15"));
    expect(events).toMatchObject([{ kind: "signal-update", event: "cancelled" }]);
    const next = new ModelRunner(eager());
    next.onBar(bar("2026-03-09 14:00"));
    next.onUnderlying({ time: parseIndiaTime("2026-03-09 14:06"), price: 25_010 });
    expect(next.onClock(parseIndiaTime("2026-03-09 15:00"))).toEqual([]);
    const [closed] = next.onClock(parseIndiaTime("2026-03-09 15:15:30"));
    expect(closed).toMatchObject({ event: "closed", signal: { closeReason: "eod" } });
  });

  it("resumes a stored open signal after a restart, and the operator can square it off", () => {
    const before = new ModelRunner(eager());
    before.onBar(bar("2026-03-09 10:00"));
    before.onUnderlying({ time: parseIndiaTime("2026-03-09 10:06"), price: 25_010 });
    const stored = JSON.parse(JSON.stringify(before.signal)) as Signal;
    const after = new ModelRunner(eager());
    after.restore(stored);
    expect(after.onBar(bar("2026-03-09 10:10"))).toEqual([]); // still one open
    const [forced] = after.forceSquareOff(parseIndiaTime("2026-03-09 11:00"));
    expect(forced).toMatchObject({ event: "closed", changes: { status: "closed" } });
    expect(after.forceSquareOff(parseIndiaTime("2026-03-09 11:01"))).toEqual([]);
  });

  it("warms up without firing", () => {
    let calls = 0;
    const model = {
      ...eager(),
      update: () => {
        calls += 1;
        return undefined;
      },
    };
    const runner = new ModelRunner(model);
    runner.warmUp(bar("2026-03-09 10:00"));
    expect(calls).toBe(1);
    expect(runner.signal).toBeUndefined();
  });

  it("leaves the index bars of the cash market's closing auction out, from 3 Aug 2026 only", () => {
    const seen: number[] = [];
    const model = {
      ...eager(),
      update: (b: Bar) => {
        seen.push(b.time);
        return undefined;
      },
    };
    const runner = new ModelRunner(model);
    const times = ["15:10", "15:15", "15:35"];
    // 31 Jul 2026: NSE closes at 15:30 with no closing auction before it; every bar reaches the model.
    for (const time of times.slice(0, 2)) runner.onBar(bar(`2026-07-31 ${time}`));
    // 3 Aug 2026: the 15:15 and 15:35 bars are from the auction (15:15 to the 15:40 close).
    for (const time of times) runner.warmUp(bar(`2026-08-03 ${time}`));
    for (const time of times) runner.onBar(bar(`2026-08-04 ${time}`));
    expect(seen).toEqual([
      parseIndiaTime("2026-07-31 15:10"),
      parseIndiaTime("2026-07-31 15:15"),
      parseIndiaTime("2026-08-03 15:10"),
      parseIndiaTime("2026-08-04 15:10"),
    ]);
  });

  it("takes an injected signal into the same lifecycle, and refuses one while a signal is active", () => {
    const source = new ModelRunner(eager());
    source.onBar(bar("2026-03-09 10:00"));
    const made = source.signal as Signal;
    const runner = new ModelRunner(eager());
    expect(runner.inject(made)).toEqual([{ kind: "new-signal", signal: made }]);
    expect(() => runner.inject({ ...made, id: "other" })).toThrow(RangeError);
    expect(() => runner.inject({ ...made, modelId: "BankNifty:HFT" })).toThrow(RangeError);
    const [cancelled] = runner.onClock(parseIndiaTime("2026-03-09 15:15"));
    expect(cancelled).toMatchObject({ event: "cancelled", signal: { id: made.id } });
    expect(runner.premiumOf(made, 25_010, made.generatedAt)).toBe(made.premium);
  });

  describe("a manual signal", () => {
    const at = parseIndiaTime("2026-03-09 11:00");
    const priced = () => new ModelRunner(eager());
    /** Levels around the premium the runner's pricer gives the 25,000 CE at 25,010 (a throwaway runner asks). */
    const around = (shift = 0) => {
      const probe = priced().manual(
        {
          optionType: "CE",
          strike: 25_000,
          entryLow: 1,
          entryHigh: 1_000_000,
          target: 2_000_000,
          stopLoss: 0.5,
        },
        25_010,
        at,
      );
      if (!probe.ok) throw new Error(probe.message);
      const premium = probe.signal.premium * (1 + shift);
      return {
        premium: probe.signal.premium,
        request: {
          optionType: "CE" as const,
          strike: 25_000,
          entryLow: premium - 2,
          entryHigh: premium + 2,
          target: premium + 30,
          stopLoss: premium - 20,
          lots: 2,
        },
      };
    };

    it("enters the model's lifecycle with the contract the model would trade then", () => {
      const { premium, request } = around();
      const runner = priced();
      const outcome = runner.manual(request, 25_010, at);
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const { signal } = outcome;
      expect(outcome.events).toEqual([{ kind: "new-signal", signal }]);
      expect(runner.signal).toBe(signal);
      expect(signal).toMatchObject({
        modelId: "Nifty:KalpaVruksha",
        modelVersion: "manual",
        status: "generated",
        strike: 25_000,
        optionType: "CE",
        lots: 2,
        lotSize: 65, // NIFTY's lot in force in March 2026 (market-facts)
        premium,
        generatedAt: at,
        day: "2026-03-09",
        squareOffAt: parseIndiaTime("2026-03-09 15:15"),
      });
      expect(signal.id).toBe(`Nifty:KalpaVruksha@${at}:manual`);
      expect(signal.premiumPerLot).toBeCloseTo(premium * 65, 2);
      expect(signal.reason).toMatch(/^Manual signal from the operator: buy NIFTY/);
      // Levels are on the option's tick of 0.05.
      for (const level of [signal.entryLow, signal.entryHigh, signal.target, signal.stopLoss]) {
        expect(Math.abs(level * 20 - Math.round(level * 20))).toBeLessThan(1e-9);
      }
      // The same lifecycle: a price inside the zone triggers it.
      const [triggered] = runner.onOptionPrice({ time: at + 60_000, price: signal.entryLow + 0.5 });
      expect(triggered).toMatchObject({ event: "triggered" });
    });

    it("is refused while a signal is active, outside the session, and far from the market", () => {
      const runner = priced();
      const { request } = around();
      expect(runner.manual(request, 25_010, at).ok).toBe(true);
      expect(runner.manual(request, 25_010, at + 60_000)).toMatchObject({
        ok: false,
        reason: "active",
      });

      const fresh = priced();
      expect(fresh.manual(request, 25_010, parseIndiaTime("2026-03-09 14:45"))).toMatchObject({
        ok: false,
        reason: "market-closed",
        message: "The NSE market is not open for new signals now.",
      });
      expect(fresh.manual(request, 25_010, parseIndiaTime("2026-03-08 11:00"))).toMatchObject({
        ok: false,
        reason: "market-closed",
      });
      expect(fresh.manual({ ...request, strike: 28_000 }, 25_010, at)).toMatchObject({
        ok: false,
        reason: "strike-range",
      });
      const away = around(0.5).request;
      const refused = fresh.manual(away, 25_010, at);
      expect(refused).toMatchObject({ ok: false, reason: "zone-away" });
      if (!refused.ok)
        expect(refused.message).toMatch(/within 25% of the option's current premium \(/);
      const squeezed = { ...request, stopLoss: request.entryLow - 0.01 };
      expect(fresh.manual(squeezed, 25_010, at)).toMatchObject({ ok: false, reason: "tick" });
      expect(fresh.signal).toBeUndefined();
    });
  });

  describe("with a broker's contracts and quotes", () => {
    const quote = (time: string, ltp: number) => ({
      key: "NIFTY:2026-03-10:25000:CE",
      time: parseIndiaTime(time),
      tradedAt: parseIndiaTime(time),
      ltp,
      bid: ltp - 0.5,
      ask: ltp + 0.5,
    });

    it("takes the listed contract's lot size, and fires nothing on a contract the broker does not list", () => {
      const refused: string[] = [];
      const unlisted = new ModelRunner(eager(), {
        market: { list: () => "NIFTY 2026-03-10 25000 CE is not in the broker's instrument list" },
        onRefused: (reason) => refused.push(reason),
      });
      unlisted.onBar(bar("2026-03-09 09:20"));
      expect(unlisted.onBar(bar("2026-03-09 09:25"))).toEqual([]);
      expect(refused).toEqual(["NIFTY 2026-03-10 25000 CE is not in the broker's instrument list"]);
      const listed = new ModelRunner(eager(), {
        market: { list: (contract) => ({ ...contract, lotSize: 75 }) },
      });
      listed.onBar(bar("2026-03-09 09:20"));
      const [signal] = newSignals(listed.onBar(bar("2026-03-09 09:25")));
      expect(signal).toMatchObject({ lotSize: 75, priceSource: "model" });
    });

    it("prices a signal born on a quote by quotes only, its zones scaled to the quote", () => {
      const model = new ModelRunner(eager());
      model.onBar(bar("2026-03-09 09:20"));
      const [byModel] = newSignals(model.onBar(bar("2026-03-09 09:25")));
      const quoted = new ModelRunner(eager(), { market: { quote: () => 150 } });
      quoted.onBar(bar("2026-03-09 09:20"));
      const [signal] = newSignals(quoted.onBar(bar("2026-03-09 09:25")));
      expect(signal).toMatchObject({ premium: 150, priceSource: "quote" });
      const scale = 150 / (byModel?.premium ?? 1);
      expect(signal?.target).toBeCloseTo((byModel?.target ?? 0) * scale, 0);
      expect(signal?.stopLoss).toBeCloseTo((byModel?.stopLoss ?? 0) * scale, 0);
      // The underlying moving does not reprice it: no fill without a quote.
      expect(
        quoted.onUnderlying({ time: parseIndiaTime("2026-03-09 09:31"), price: 25_300 }),
      ).toEqual([]);
      expect(quoted.signal?.ltp).toBeNull();
      // Its quote does: it fills at the ask once the ask is inside the zone.
      const [update] = quoted.onOptionQuote({
        ...quote("2026-03-09 09:32", 149.8),
        bid: 149.6,
        ask: 150,
      });
      expect(update).toMatchObject({ kind: "signal-update", event: "triggered" });
      expect(quoted.signal).toMatchObject({
        status: "triggered",
        entryPrice: 150,
        ltp: 149.8,
        priceSource: "quote",
      });
      // An older quote than the signal's last price is not applied.
      expect(quoted.onOptionQuote(quote("2026-03-09 09:31", 10))).toEqual([]);
      // The square-off sells at the last quote's bid, even when the first news of it is a later quote.
      const late = quoted.onOptionQuote({
        ...quote("2026-03-09 15:16", 140),
        bid: 139.5,
        ask: 140.5,
      });
      expect(late).toMatchObject([{ event: "closed" }]);
      expect(quoted.signal).toMatchObject({
        closeReason: "eod",
        exitPrice: 149.6,
        exitTime: parseIndiaTime("2026-03-09 15:15"),
      });
    });

    it("keeps a signal born on the model on the model, whatever quotes arrive", () => {
      const runner = new ModelRunner(eager());
      runner.onBar(bar("2026-03-09 09:20"));
      newSignals(runner.onBar(bar("2026-03-09 09:25")));
      expect(runner.onOptionQuote(quote("2026-03-09 09:31", 1))).toEqual([]);
      const [update] = runner.onUnderlying({
        time: parseIndiaTime("2026-03-09 09:31"),
        price: 25_010,
      });
      expect(update?.kind).toBe("signal-update");
      expect(runner.signal?.priceSource).toBe("model");
    });
  });
});
