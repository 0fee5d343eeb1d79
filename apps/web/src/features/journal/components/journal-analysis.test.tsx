/**
 * The journal's Analysis section: the figures as the server states them, the win rate's range in words, the
 * equity curve with its drawdowns drawn by lightweight-charts (replaced here: jsdom has no canvas) with its
 * table and CSV, the distribution of R with its table and CSV, the hour and weekday tables, and its
 * loading, empty and failed states.
 */
import type { PaperAnalytics } from "@kalpa/contracts/api/paper";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { chartLib } from "@/test/fake-chart-lib";
import { FakeSocket } from "@/test/fake-socket";
import { EMPTY_ANALYTICS } from "@/test/journal";
import { fail, installMockApi, type MockHandlers, ok } from "@/test/mock-api";
import { JournalAnalysis } from "./journal-analysis";

vi.mock("lightweight-charts", () => import("@/test/fake-chart-lib"));
// The chart is loaded on demand: load it once here, so the tests wait for nothing but the answer.
await import("./equity-drawdown-chart");

const IST = "+05:30";
const exit = (day: string, time: string) => Date.parse(`${day}T${time}:00${IST}`);
const R_EDGES = [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3];
const histogram = (counts: Record<string, number>) =>
  [null, ...R_EDGES].map((from, index) => {
    const to = R_EDGES[index] ?? null;
    return { from, to, count: counts[String(from)] ?? 0 };
  });

// Three trades, 1,500 rupees at risk each: +3,000 (2 R) on Monday, −1,500 (−1 R) on Tuesday, +750 (0.5 R)
// on Wednesday. Cumulative 3,000, 1,500, 2,250: the fall from 3,000 is not yet regained.
const ANALYSIS: PaperAnalytics = {
  ...EMPTY_ANALYTICS,
  model: "Nifty:KalpaVruksha",
  days: 15,
  trades: 3,
  wins: 2,
  losses: 1,
  winRate: 2 / 3,
  winRateInterval: { low: 0.2077, high: 0.9385 },
  expectancy: 750,
  expectancyR: 0.5,
  tradesWithoutR: 0,
  profitFactor: 2.5,
  maxDrawdown: {
    rupees: 1500,
    peakTime: exit("2026-11-16", "10:15"),
    troughTime: exit("2026-11-17", "12:05"),
    recoveredTime: null,
    trades: 2,
    tradingDays: 2,
  },
  longestWinningStreak: 1,
  longestLosingStreak: 1,
  averageHoldingMinutes: 42,
  medianHoldingMinutes: 45,
  slippage: 30,
  averageSlippage: 10,
  tradesWithExcursions: 2,
  averageMaeR: 0.45,
  averageMfeR: 1.6,
  averageEntryVsZone: 0.25,
  byHour: [
    { key: 9, trades: 2, wins: 2, net: 3750, expectancy: 1875 },
    { key: 11, trades: 1, wins: 0, net: -1500, expectancy: -1500 },
  ],
  byWeekday: [
    { key: 1, trades: 1, wins: 1, net: 3000, expectancy: 3000 },
    { key: 2, trades: 1, wins: 0, net: -1500, expectancy: -1500 },
    { key: 3, trades: 1, wins: 1, net: 750, expectancy: 750 },
  ],
  rHistogram: histogram({ "-1": 1, "0.5": 1, "2": 1 }),
  equity: [
    { time: exit("2026-11-16", "10:15"), day: "2026-11-16", cumulative: 3000, drawdown: 0 },
    { time: exit("2026-11-17", "12:05"), day: "2026-11-17", cumulative: 1500, drawdown: 1500 },
    { time: exit("2026-11-18", "10:05"), day: "2026-11-18", cumulative: 2250, drawdown: 750 },
  ],
  perTrade: [
    {
      id: "a",
      exitTime: exit("2026-11-16", "10:15"),
      day: "2026-11-16",
      net: 3000,
      risk: 1500,
      r: 2,
      holdingMinutes: 45,
      slippage: 10,
      mae: 4,
      mfe: 48,
      maeR: 0.2,
      mfeR: 2.4,
      entryVsZone: 0.5,
    },
    {
      id: "b",
      exitTime: exit("2026-11-17", "12:05"),
      day: "2026-11-17",
      net: -1500,
      risk: 1500,
      r: -1,
      holdingMinutes: 60,
      slippage: 12,
      mae: 14,
      mfe: 16,
      maeR: 0.7,
      mfeR: 0.8,
      entryVsZone: 0,
    },
    {
      id: "c",
      exitTime: exit("2026-11-18", "10:05"),
      day: "2026-11-18",
      net: 750,
      risk: 1500,
      r: 0.5,
      holdingMinutes: 20,
      slippage: 8,
      mae: null,
      mfe: null,
      maeR: null,
      mfeR: null,
      entryVsZone: null,
    },
  ],
};

function renderAnalysis(handlers: MockHandlers, canFollow = false) {
  const api = installMockApi(handlers);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  render(
    <MemoryRouter>
      <AppProviders queryClient={queryClient} createUserSocket={() => new FakeSocket().asSocket()}>
        <JournalAnalysis
          filters={{ model: "Nifty:KalpaVruksha", days: 15 }}
          canFollow={canFollow}
        />
      </AppProviders>
    </MemoryRouter>,
  );
  return api;
}

const figure = (id: string) => screen.getByTestId(`journal-analysis-${id}`).textContent;

/** The text of a CSV download link's file. */
function csvOf(link: HTMLElement): string {
  const href = link.getAttribute("href") ?? "";
  expect(href.startsWith("data:text/csv;charset=utf-8,")).toBe(true);
  return decodeURIComponent(href.slice("data:text/csv;charset=utf-8,".length));
}

describe("the journal's analysis", () => {
  beforeEach(() => chartLib.reset());
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the selected model and period and states the figures", async () => {
    const api = renderAnalysis({ "GET /api/paper/analytics": () => ok(ANALYSIS) });
    await screen.findByTestId("journal-analysis-expectancy");
    expect(Object.fromEntries(new URLSearchParams(api.requests[0]?.search))).toEqual({
      model: "Nifty:KalpaVruksha",
      days: "15",
    });
    expect(figure("expectancy")).toBe("Expectancy₹750 a trade");
    expect(figure("expectancy-r")).toBe("Expectancy in R0.5 R a trade");
    expect(figure("profit-factor")).toBe("Profit factor2.5");
    expect(figure("win-rate")).toBe("Win rate66.7% (2 of 3)");
    expect(figure("win-rate-interval")).toBe("Likely range (95 %)20.8% to 93.9%");
    expect(screen.getByTestId("journal-analysis-interval-note").textContent).toBe(
      "With 3 trades the true win rate could be anywhere from 20.8% to 93.9%: the fewer the trades, the wider the range.",
    );
    expect(figure("max-drawdown")).toBe("Largest drawdown₹1,500");
    expect(figure("drawdown-length")).toBe(
      "Drawdown lasted2 trades, 2 trading days, not yet recovered",
    );
    expect(figure("win-streak")).toBe("Longest winning streak1 trades");
    expect(figure("holding")).toBe("Holding time42 min on average, 45 min median");
    expect(figure("slippage")).toBe("Slippage₹30 in all, ₹10 a trade");
    expect(figure("excursions")).toBe("Average MAE / MFE0.45 R / 1.6 R");
    expect(figure("entry-vs-zone")).toBe("Entry against the signal's zone+0.25 a unit on average");
    expect(screen.getByTestId("journal-analysis-excursions-note").textContent).toMatch(
      /^MAE and MFE .* 2 of 3 trades have them/,
    );
  });

  it("lists each trade's excursions and entry against the zone, a dash where the path was not priced, and a CSV", async () => {
    renderAnalysis({ "GET /api/paper/analytics": () => ok(ANALYSIS) });
    const table = await screen.findByTestId("journal-analysis-per-trade");
    expect(
      within(table)
        .getAllByRole("row", { hidden: true })
        .map((row) => row.textContent),
    ).toEqual([
      "ExitNetRiskRHeld (min)SlippageMAE (R)MFE (R)Entry vs zone",
      "16 Nov 2026, 10:15₹3,000₹1,500245₹104.00 (0.2 R)48.00 (2.4 R)+0.50",
      "17 Nov 2026, 12:05-₹1,500₹1,500-160₹1214.00 (0.7 R)16.00 (0.8 R)0.00",
      "18 Nov 2026, 10:05₹750₹1,5000.520₹8———",
    ]);
    const csv = csvOf(
      screen.getByRole("link", { name: "Download the per-trade analysis as CSV", hidden: true }),
    ).split("\r\n");
    expect(csv[0]).toBe(
      "signal_id,exit_time,day,net,risk,r,holding_minutes,slippage,mae,mfe,mae_r,mfe_r,entry_vs_zone",
    );
    expect(csv[1]).toBe(
      '"a","2026-11-16T04:45:00.000Z","2026-11-16",3000,1500,2,45,10,4,48,0.2,2.4,0.5',
    );
    expect(csv[3]).toBe('"c","2026-11-18T04:35:00.000Z","2026-11-18",750,1500,0.5,20,8,,,,,');
  });

  it("draws the equity curve and its drawdowns on India's clock, with the same points as a table and CSV", async () => {
    renderAnalysis({ "GET /api/paper/analytics": () => ok(ANALYSIS) });
    const chart = await screen.findByRole(
      "figure",
      { name: /Cumulative net P&L of Nifty/ },
      { timeout: 10_000 },
    );
    expect(chart.getAttribute("aria-label")).toBe(
      "Cumulative net P&L of Nifty:KalpaVruksha after each of 3 trades, ending at ₹2,250, with the fall from each high shaded below; the largest was ₹1,500.",
    );
    expect(chartLib.kinds()).toEqual(["Line", "Histogram"]);
    const [line, drawdown] = chartLib.live()[0]?.series ?? [];
    // 10:15 IST on 16 Nov as the axis reads it (UTC seconds moved by +05:30).
    const first = Date.UTC(2026, 10, 16, 10, 15) / 1000;
    expect(line?.data).toEqual([
      { time: first, value: 3000 },
      { time: Date.UTC(2026, 10, 17, 12, 5) / 1000, value: 1500 },
      { time: Date.UTC(2026, 10, 18, 10, 5) / 1000, value: 2250 },
    ]);
    // The drawdown in its own pane below the line.
    expect([line?.pane, drawdown?.pane]).toEqual([0, 1]);
    expect(drawdown?.data.map((point) => (point as { value: number }).value)).toEqual([
      0, -1500, -750,
    ]);

    const part = screen.getByTestId("journal-analysis-equity");
    await userEvent.click(within(part).getByText("Show as a table"));
    const rows = within(part)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "ExitCumulative netDrawdown",
      "16 Nov 2026, 10:15₹3,000₹0",
      "17 Nov 2026, 12:05₹1,500₹1,500",
      "18 Nov 2026, 10:05₹2,250₹750",
    ]);
    const link = within(part).getByRole("link", { name: "Download the equity curve as CSV" });
    expect(link.getAttribute("download")).toBe("kalpa-equity-nifty-kalpavruksha-15d.csv");
    expect(csvOf(link).split("\r\n")).toEqual([
      "exit_time,day,cumulative_net,drawdown",
      '"2026-11-16T04:45:00.000Z","2026-11-16",3000,0',
      '"2026-11-17T06:35:00.000Z","2026-11-17",1500,1500',
      '"2026-11-18T04:35:00.000Z","2026-11-18",2250,750',
      "",
    ]);
  });

  it("shows the distribution of R as columns, a table and a CSV", async () => {
    renderAnalysis({ "GET /api/paper/analytics": () => ok(ANALYSIS) });
    const part = await screen.findByTestId("journal-analysis-histogram");
    expect(within(part).getByRole("img").getAttribute("aria-label")).toBe(
      "Trades by R, in half-R bins: -1 to -0.5 R: 1; 0.5 to 1 R: 1; 2 to 2.5 R: 1.",
    );
    const rows = within(part)
      .getAllByRole("row", { hidden: true })
      .map((row) => row.textContent);
    expect(rows[0]).toBe("RTrades");
    expect(rows[1]).toBe("below -2 R0");
    expect(rows.at(-1)).toBe("3 R and above0");
    expect(rows).toContain("2 to 2.5 R1");
    const csv = csvOf(
      within(part).getByRole("link", { name: "Download the distribution of R as CSV" }),
    ).split("\r\n");
    expect(csv[0]).toBe("r_from,r_to,trades");
    expect(csv[1]).toBe(",-2,0");
    expect(csv).toContain("-1,-0.5,1");
    expect(csv[12]).toBe("3,,0");
  });

  it("tables the results by hour of entry and by weekday", async () => {
    renderAnalysis({ "GET /api/paper/analytics": () => ok(ANALYSIS) });
    const hours = await screen.findByRole("table", { name: "By hour of entry (India time)" });
    expect(
      within(hours)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "HourTradesWinsNetExpectancy",
      "09:00–10:0022₹3,750₹1,875",
      "11:00–12:0010-₹1,500-₹1,500",
    ]);
    const weekdays = screen.getByRole("table", { name: "By weekday of entry" });
    expect(
      within(weekdays)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Monday", "Tuesday", "Wednesday"]);
  });

  it("lets a signed-in reader see the models they follow together", async () => {
    const { model: _model, ...rest } = ANALYSIS;
    const api = renderAnalysis(
      {
        "GET /api/paper/analytics": () => ok(ANALYSIS),
        "GET /api/paper/analytics/following": () =>
          ok({ ...rest, models: ["BankNifty:KalpaVruksha", "BankNifty:HFT"] }),
      },
      true,
    );
    await screen.findByTestId("journal-analysis-expectancy");
    const mine = screen.getByRole("button", { name: "Models I follow" });
    expect(mine.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(mine);
    expect(
      await screen.findByText(
        "What the trades of the models you follow (BankNifty:KalpaVruksha, BankNifty:HFT) over the last 15 days teach, taken together: net of charges, R as above.",
      ),
    ).toBeTruthy();
    expect(mine.getAttribute("aria-pressed")).toBe("true");
    const [asked] = api.callsTo("GET /api/paper/analytics/following");
    expect(Object.fromEntries(new URLSearchParams(asked?.search))).toEqual({ days: "15" });
    expect(figure("profit-factor")).toBe("Profit factor2.5");
  });

  it("tells a signed-in reader who follows no models so", async () => {
    const { model: _model, ...empty } = EMPTY_ANALYTICS;
    renderAnalysis(
      {
        "GET /api/paper/analytics": () => ok(ANALYSIS),
        "GET /api/paper/analytics/following": () => ok({ ...empty, models: [] }),
      },
      true,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Models I follow" }));
    expect((await screen.findByTestId("journal-analysis-follows-none")).textContent).toBe(
      "You follow no models yet: once you have access to an instrument, its models' trades are analysed here together.",
    );
  });

  it("offers no choice of models to a reader who is not signed in", async () => {
    renderAnalysis({ "GET /api/paper/analytics": () => ok(ANALYSIS) });
    await screen.findByTestId("journal-analysis-expectancy");
    expect(screen.queryByRole("button", { name: "Models I follow" })).toBeNull();
  });

  it("says so when there are no trades, and draws no chart", async () => {
    renderAnalysis({ "GET /api/paper/analytics": () => ok(EMPTY_ANALYTICS) });
    expect(
      await screen.findByText("No closed trades in this period, so there is nothing to analyse."),
    ).toBeTruthy();
    expect(chartLib.charts).toHaveLength(0);
  });

  it("offers Retry when the analysis cannot be loaded, and shows it once it can", async () => {
    let calls = 0;
    renderAnalysis({
      "GET /api/paper/analytics": () => {
        calls += 1;
        return calls === 1 ? fail(500, "Something went wrong") : ok(ANALYSIS);
      },
    });
    expect(await screen.findByText("The analysis could not be loaded.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(figure("profit-factor")).toBe("Profit factor2.5"));
  });
});
