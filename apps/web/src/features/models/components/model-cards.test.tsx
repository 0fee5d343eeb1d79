import type { ModelCard, RealHistoryModel } from "@kalpa/contracts/api/models";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import { ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

const CURRENT = { version: "0d00174f58f9", since: "2026-11-28" };

/** A backtest as the lead's file gives it (figures made up for the test: not a backtest). */
const BACKTEST: RealHistoryModel = {
  modelId: "BankNifty:HFT",
  version: CURRENT.version,
  window: { from: "2024-01-01", to: "2024-06-28", days: 116 },
  summary: {
    trades: 80,
    wins: 30,
    losses: 50,
    winRate: 0.375,
    averageWin: 1200.5,
    averageLoss: -800.2,
    expectancy: -150.3,
    profitFactor: 0.9,
    netPnl: -12024,
    maxDrawdown: 20000,
    longestLosingStreak: 7,
    stopsPastLimit: 2,
  },
  months: [{ month: "2024-01", trades: 14, winRate: 0.4, netPnl: -2000 }],
  equity: [
    { day: "2024-01-02", net: -300 },
    { day: "2024-01-03", net: 200 },
    { day: "2024-01-04", net: -12024 },
  ],
  baselines: {
    random: {
      runs: 100,
      seed: 1,
      netPnl: { p5: -40000, p50: -15000, p95: 5000 },
      modelPercentile: 55,
      equityBand: [
        { day: "2024-01-02", p5: -900, p50: -200, p95: 400 },
        { day: "2024-01-03", p5: -1500, p50: -400, p95: 800 },
        { day: "2024-01-04", p5: -40000, p50: -15000, p95: 5000 },
      ],
    },
    fixed0920: {
      trades: 116,
      winRate: 0.4,
      expectancy: -90,
      netPnl: -10440,
      profitFactor: 0.85,
      maxDrawdown: 15000,
    },
  },
  edge: "none",
};

function card(
  overrides: Partial<ModelCard> & Pick<ModelCard, "model" | "slug" | "name">,
): ModelCard {
  return {
    symbol: "BANKNIFTY",
    interval: "1m",
    parameters: {
      breakoutBars: 20,
      fastEma: 5,
      slowEma: 13,
      rsiPeriod: 7,
      rsiCallMin: 65,
      rsiPutMax: 35,
      atrPeriod: 14,
      targetAtr: 6,
      stopAtr: 3,
      openingQuietMinutes: 5,
      cutoffMinutes: 15,
      cooldownMinutes: 20,
    },
    current: CURRENT,
    versions: [{ version: "aaaaaaaaaaaa", since: "2026-11-01" }, CURRENT],
    backtest: null,
    backtestSource: null,
    live: { ...CURRENT, trades: 3, wins: 2, losses: 1, winRate: 2 / 3, net: 450.5 },
    figuresWithheld: false,
    ...overrides,
  };
}

const HFT = card({
  model: "BankNifty:HFT",
  slug: "banknifty-hft",
  name: "HFT",
  backtest: BACKTEST,
  backtestSource: { generatedBy: "npm run backtest -- --json", generatedOn: "2026-11-28" },
});
const YAMUNA = card({
  model: "CrudeOil:Yamuna",
  slug: "crudeoil-yamuna",
  name: "Yamuna",
  symbol: "CRUDEOIL",
  interval: "15m",
  versions: [CURRENT],
  live: { ...CURRENT, trades: 0, wins: 0, losses: 0, winRate: null, net: 0 },
});

const api = (cards: ModelCard[]) => ({ "GET /api/models": () => ok(cards) });

describe("the model cards", () => {
  it("lists every model with its verdict first, its version and its live record", async () => {
    renderApp("/models", { api: api([HFT, YAMUNA]) });
    await screen.findByRole("heading", { level: 1, name: "Model Cards" });
    const hft = (
      await screen.findByRole("link", { name: "Open the HFT · BANKNIFTY card" })
    ).closest("li");
    expect(hft).toBeTruthy();
    const item = within(hft as HTMLElement);
    expect(item.getByTestId("model-verdict").textContent).toMatch(/^No edge on real history: /);
    expect(item.getByText("Version 0d00174f58f9, running since 28 Nov 2026.")).toBeTruthy();
    expect(
      item.getByText(/^3 trades \(2 won, 1 lost\), win rate 66\.7%, net ₹450\.5\.$/),
    ).toBeTruthy();
    const yamuna = screen.getByRole("link", { name: "Open the Yamuna · CRUDEOIL card" });
    expect(yamuna.getAttribute("href")).toBe("/models/crudeoil-yamuna");
    expect(
      within(yamuna.closest("li") as HTMLElement).getByTestId("model-verdict").textContent,
    ).toMatch(/^Not yet backtested on real market history/);
  });

  it("opens one card: no edge in its first line, the rules, the backtest with its band, the live record", async () => {
    renderApp("/models/banknifty-hft", { api: api([HFT, YAMUNA]) });
    const heading = await screen.findByRole("heading", { level: 1, name: "HFT · BANKNIFTY" });
    // The first line after the title says the model has no edge.
    const verdict = screen.getByTestId("model-verdict");
    expect(heading.nextElementSibling).toBe(verdict);
    expect(verdict.textContent).toBe(
      "No edge on real history: from 1 Jan 2024 to 28 Jun 2024 its net result was -₹12,024 on 80 trades, ahead of 55 % of 100 random-entry runs.",
    );
    expect(screen.queryByTestId("earlier-version")).toBeNull();
    // The rules quote the parameters the server gives.
    expect(
      screen.getByText(
        "Buys a call when the close breaks above the highest high of the previous 20 minutes, EMA 5 is above EMA 13, RSI 7 is at least 65 and the close is above VWAP.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Takes profit at 6 ATR of 1-minute bars in its favour and stops out at 3 ATR against; anything open is squared off at 15:15.",
      ),
    ).toBeTruthy();
    const figures = within(screen.getByTestId("backtest-figures"));
    expect(figures.getByText("80 (30 won, 50 lost)")).toBeTruthy();
    expect(figures.getByText("37.5%")).toBeTruthy();
    expect(figures.getByText("7 trades")).toBeTruthy();
    const chart = screen.getByRole("img", { name: /^The model's cumulative net from 2 Jan 2024/ });
    expect(chart.querySelector('[data-part="band"]')).toBeTruthy();
    expect(
      chart.querySelector('[data-part="model"]')?.getAttribute("points")?.split(" "),
    ).toHaveLength(3);
    expect(screen.getByTestId("fixed-0920").textContent).toContain("116 trades, win rate 40%");
    expect(screen.getByTestId("model-live-record").textContent).toBe(
      "3 trades (2 won, 1 lost), win rate 66.7%, net ₹450.5.",
    );
    expect(screen.getByText("aaaaaaaaaaaa from 1 Nov 2026")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Known failure modes" })).toBeTruthy();
  });

  it("gives the model's decision-to-alert, p50 and p99, over its record", async () => {
    const latency = {
      models: [
        { model: "BankNifty:HFT", count: 312, p50Ms: 420.4, p99Ms: 2_140 },
        { model: "CrudeOil:Yamuna", count: 0, p50Ms: null, p99Ms: null },
      ],
    };
    renderApp("/models/banknifty-hft", {
      api: { ...api([HFT, YAMUNA]), "GET /api/signals/latency": () => ok(latency) },
    });
    const line = await screen.findByTestId("decision-to-send");
    // In the live record's section, beside the record it is measured over.
    expect(line.closest("section")?.getAttribute("aria-labelledby")).toBe("model-live");
    expect(line.textContent).toMatch(
      /^Decision to alert, whole record p50 420 ms · p99 2\.1 s \(n = 312\): From /,
    );
  });

  it("says no alert was sent yet for a model with none measured", async () => {
    const latency = { models: [{ model: "CrudeOil:Yamuna", count: 0, p50Ms: null, p99Ms: null }] };
    renderApp("/models/crudeoil-yamuna", {
      api: { ...api([HFT, YAMUNA]), "GET /api/signals/latency": () => ok(latency) },
    });
    expect((await screen.findByTestId("decision-to-send")).textContent).toMatch(
      /^Decision to alert, whole record no alert sent yet: /,
    );
  });

  it("says when the backtest ran an earlier version than the one running now", async () => {
    const older = { ...HFT, backtest: { ...BACKTEST, version: "aaaaaaaaaaaa" } };
    renderApp("/models/banknifty-hft", { api: api([older]) });
    expect((await screen.findByTestId("earlier-version")).textContent).toBe(
      "Backtest of an earlier version (aaaaaaaaaaaa): the version running now (0d00174f58f9) has not been backtested on real history yet.",
    );
  });

  it("gives the held-out days' figures, and says when the backtest did not record its version", async () => {
    const heldOut = {
      window: { from: "2024-05-01", to: "2024-06-28", days: 40 },
      summary: { trades: 30, winRate: 0.3, netPnl: -2500 },
      random: { runs: 100, modelPercentile: 20 },
      edge: "none" as const,
    };
    const unversioned = { ...HFT, backtest: { ...BACKTEST, version: undefined, heldOut } };
    renderApp("/models/banknifty-hft", { api: api([unversioned]) });
    expect((await screen.findByTestId("held-out")).textContent).toBe(
      "On the days no fit or mend of the model saw, 1 May 2024 to 28 Jun 2024: -₹2,500 net on 30 trades, ahead of 20 % of 100 random-entry runs.",
    );
    expect(screen.getByTestId("earlier-version").textContent).toBe(
      "The backtest did not record which version of the model it ran.",
    );
  });

  it("where the server withholds the figures, says they are for signed-in users and offers a sign-in", async () => {
    const withheld = {
      ...HFT,
      backtest: null,
      backtestSource: null,
      live: null,
      figuresWithheld: true,
    };
    renderApp("/models/banknifty-hft", { api: api([withheld]) });
    expect((await screen.findByTestId("model-verdict")).textContent).toBe(
      "Past performance is shown to signed-in users.",
    );
    expect(screen.getByTestId("model-live-record").textContent).toBe(
      "Past performance is shown to signed-in users.",
    );
    const notice = within(screen.getByTestId("figures-withheld"));
    expect(
      notice.getByText(/shown to signed-in users until past performance is verified by PaRRVA/),
    ).toBeTruthy();
    expect(notice.getByRole("link", { name: "Sign in to see them" }).getAttribute("href")).toMatch(
      /^\/login\?next=/,
    );
    // No figure of the backtest or the record is on the page.
    expect(screen.queryByText(/net on \d+ trades/)).toBeNull();
    // The rules and the version stay.
    expect(screen.getByTestId("model-current-version").textContent).toContain(HFT.current.version);
  });

  it("lists the cards without figures, with one note, where they are withheld", async () => {
    const strip = (item: ModelCard): ModelCard => ({
      ...item,
      backtest: null,
      backtestSource: null,
      live: null,
      figuresWithheld: true,
    });
    renderApp("/models", { api: api([strip(HFT), strip(YAMUNA)]) });
    await screen.findByRole("heading", { level: 1, name: "Model Cards" });
    expect(screen.getAllByTestId("figures-withheld")).toHaveLength(1);
    expect(screen.getAllByTestId("model-verdict").map((line) => line.textContent)).toEqual([
      "Past performance is shown to signed-in users.",
      "Past performance is shown to signed-in users.",
    ]);
  });

  it("says there is no such card for an unknown slug", async () => {
    renderApp("/models/banknifty-nope", { api: api([HFT]) });
    expect(await screen.findByText("There is no model card at this address.")).toBeTruthy();
  });

  it("reads in Telugu", async () => {
    await setLanguage("te");
    renderApp("/models/banknifty-hft", { api: api([HFT]) });
    await waitFor(() =>
      expect(screen.getByTestId("model-verdict").textContent).toMatch(/^నిజమైన చరిత్రపై ఎడ్జ్ లేదు: /),
    );
    expect(screen.getByRole("heading", { name: "తెలిసిన వైఫల్య సందర్భాలు" })).toBeTruthy();
  });
});
