/**
 * The live screen's charts in the whole app, with the API faked at the network and
 * lightweight-charts faked (it draws on a canvas jsdom has not): what each chart is given and shows in
 * words, how the socket's prices extend them, and their loading, waiting, error and reset states.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { SignalChart, SignalWire } from "@kalpa/contracts/signals";
import { signalFixture } from "@kalpa/testkit/signal";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activeUntil, testStatus } from "@/test/access";
import { chartLib, type FakeChart } from "@/test/fake-chart-lib";
import { FakeSocket } from "@/test/fake-socket";
import { TEST_MARKET, TEST_MARKET_NOW } from "@/test/market";
import { fail, type MockHandlers, type MockReply, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";
import { elapse, useSpecTimers } from "@/test/timers";

vi.mock("lightweight-charts", () => import("@/test/fake-chart-lib"));

const ACCESS = activeUntil("2026-04-09", 30);
const ALL = testStatus({ subscriptions: { Nifty: ACCESS, BankNifty: ACCESS, CrudeOil: ACCESS } });

const MINUTE = 60_000;
/** 10:15 in India on Tue 10 Mar 2026 (the test market's day; its clock reads 10:42:05). */
const T0 = Date.UTC(2026, 2, 10, 4, 45);
/** Minutes as the chart's axis reads them: UTC seconds moved to India's clock. */
const axis = (instant: number) => (instant + 330 * MINUTE) / 1000;

const SIGNAL: SignalWire = signalFixture({
  id: "sig-1",
  model: "BankNifty:KalpaVruksha",
  modelVersion: "0d00174f58f9",
  generatedAt: T0,
  strike: 51200,
  lotSize: 30,
  premiumPerLot: 6375,
  status: "triggered",
  ltp: 214,
  entryPrice: 212,
  entryTime: T0 + MINUTE + 20_000,
  pnlPoints: 2,
  pnl: 60,
  reason: "EMA 9 above EMA 21.",
  updatedAt: T0 + 2 * MINUTE + 30_000,
});

const CHART: SignalChart = {
  id: "sig-1",
  model: "BankNifty:KalpaVruksha",
  contract: "BANKNIFTY 26 MAR 2026 51200 CE",
  candles: [
    { time: T0, open: 212.5, high: 213, low: 211, close: 211.5 },
    { time: T0 + MINUTE, open: 211.5, high: 212.5, low: 210.5, close: 212 },
    { time: T0 + 2 * MINUTE, open: 212, high: 214.5, low: 212, close: 214 },
  ],
};

/** BANKNIFTY's bars from 09:15 to 10:41. */
const BARS: Bar[] = Array.from({ length: 87 }, (_, index) => {
  const open = 51_000 + index * 2;
  return {
    time: Date.UTC(2026, 2, 10, 3, 45) + index * MINUTE,
    open,
    high: open + 5,
    low: open - 3,
    close: open + 2,
    volume: 100,
  };
});

function renderCharts({
  signal = SIGNAL as SignalWire | null,
  chart = (): MockReply | Promise<MockReply> => ok(CHART),
  bars = (): MockReply => ok({ symbol: "BANKNIFTY", interval: "1m", bars: BARS }),
  socket = new FakeSocket(),
  api = {} as MockHandlers,
} = {}) {
  return renderApp("/live-trade/banknifty/kalpavruksha", {
    status: ALL,
    socket,
    api: {
      "GET /api/signals/current": () =>
        ok({ signals: [{ model: "BankNifty:KalpaVruksha", signal }] }),
      "GET /api/signals/sig-1/chart": chart,
      "GET /api/market/bars": bars,
      ...api,
    },
  });
}

async function modelsLoaded() {
  expect(await screen.findByText("Loading Trading Models...")).toBeTruthy();
  await elapse(1000);
  await screen.findByRole("group", { name: "Instruments" });
}

const optionPanel = () => within(screen.getByTestId("option-chart"));
const underlyingPanel = () => within(screen.getByTestId("underlying-chart"));

/** The chart drawn inside a panel (the canvas's element is the panel's figure), once it is drawn. */
async function chartIn(panel: "option-chart" | "underlying-chart"): Promise<FakeChart> {
  let found: FakeChart | undefined;
  await waitFor(() => {
    const image = within(screen.getByTestId(panel)).getByRole("figure");
    found = chartLib.charts.find((candidate) => candidate.element === image && !candidate.removed);
    expect(found).toBeTruthy();
  });
  return found as FakeChart;
}

// The whole app renders, with the spec's one-second loading; slow on a busy 2-core machine.
describe("the live charts", { timeout: 60_000 }, () => {
  beforeEach(() => {
    chartLib.reset();
  });

  it("draws the option's candles with the zone, target and stop lines and the entry, and says so in words", async () => {
    useSpecTimers();
    const { api } = renderCharts();
    await modelsLoaded();
    const image = await optionPanel().findByRole("figure");
    expect(image.getAttribute("aria-label")).toBe(
      "BANKNIFTY 26 MAR 2026 51200 CE premium in 1-minute candles, 3 from 10:15 IST to 10:17 IST: " +
        "last ₹214, high ₹214.5, low ₹210.5. Initiated Zone ₹210 – ₹215, Projected Zone ₹240, " +
        "Risk Marker ₹195. Entered at ₹212 at 10:16:20 IST.",
    );
    expect(optionPanel().getByText("BANKNIFTY 26 MAR 2026 51200 CE")).toBeTruthy();
    expect(api.callsTo("GET /api/signals/sig-1/chart")).toHaveLength(1);

    const series = (await chartIn("option-chart")).series[0];
    expect(series?.data).toEqual([
      { time: axis(T0), open: 212.5, high: 213, low: 211, close: 211.5 },
      { time: axis(T0 + MINUTE), open: 211.5, high: 212.5, low: 210.5, close: 212 },
      { time: axis(T0 + 2 * MINUTE), open: 212, high: 214.5, low: 212, close: 214 },
    ]);
    expect(series?.lines.map((line) => [line.options.price, line.options.title])).toEqual([
      [215, "Initiated Zone"],
      [210, "Initiated Zone"],
      [240, "Projected Zone"],
      [195, "Risk Marker"],
    ]);
    expect(series?.markers).toEqual([
      expect.objectContaining({ time: axis(T0 + MINUTE), position: "belowBar", text: "Entry" }),
    ]);
    // The legend under the chart repeats the lines' values in text.
    expect(optionPanel().getByText("₹210 – ₹215")).toBeTruthy();
  });

  it("extends the last candle with each signal-update's LTP, starts a new one each minute, and marks the exit", async () => {
    useSpecTimers();
    const socket = new FakeSocket();
    renderCharts({ socket });
    await modelsLoaded();
    await optionPanel().findByRole("figure");
    const series = (await chartIn("option-chart")).series[0];
    const update = (changes: Record<string, unknown>) =>
      act(() =>
        socket.serverEmit("signal-update", {
          model: "BankNifty:KalpaVruksha",
          id: "sig-1",
          changes,
        }),
      );

    update({ ltp: 216.25, pnl: 127.5, updatedAt: T0 + 2 * MINUTE + 45_000 });
    await waitFor(() =>
      expect(series?.data.at(-1)).toEqual({
        time: axis(T0 + 2 * MINUTE),
        open: 212,
        high: 216.25,
        low: 212,
        close: 216.25,
      }),
    );
    update({ ltp: 209.5, updatedAt: T0 + 3 * MINUTE + 5_000 });
    await waitFor(() => expect(series?.data).toHaveLength(4));
    expect(series?.data.at(-1)).toEqual({
      time: axis(T0 + 3 * MINUTE),
      open: 209.5,
      high: 209.5,
      low: 209.5,
      close: 209.5,
    });
    // Updates, not a redraw; another signal's update changes nothing.
    expect(chartLib.setData).toHaveBeenCalledTimes(2); // the option's and the underlying's first drawing
    act(() =>
      socket.serverEmit("signal-update", {
        model: "BankNifty:KalpaVruksha",
        id: "sig-0",
        changes: { ltp: 300, updatedAt: T0 + 3 * MINUTE + 9_000 },
      }),
    );
    update({
      status: "closed",
      closeReason: "stop",
      ltp: 195,
      exitPrice: 195,
      exitTime: T0 + 4 * MINUTE + 2_000,
      updatedAt: T0 + 4 * MINUTE + 2_000,
    });
    await waitFor(() => expect(series?.data).toHaveLength(5));
    expect(series?.data.at(-2)).toMatchObject({ high: 209.5, close: 209.5 });
    expect(series?.markers).toEqual([
      expect.objectContaining({ text: "Entry" }),
      expect.objectContaining({ time: axis(T0 + 4 * MINUTE), position: "aboveBar", text: "Exit" }),
    ]);
  });

  it("waits for the first signal, with the underlying's candles of the market's day beside it", async () => {
    useSpecTimers();
    const { api } = renderCharts({ signal: null });
    await modelsLoaded();
    expect(await optionPanel().findByText("Waiting for the first signal")).toBeTruthy();
    expect(optionPanel().queryByRole("figure")).toBeNull();
    const image = await underlyingPanel().findByRole("figure");
    expect(image.getAttribute("aria-label")).toBe(
      "BANKNIFTY in 1-minute candles, 87 from 09:15 IST to 10:41 IST: last 51,174, high 51,177, low 50,997.",
    );
    const [request] = api.callsTo("GET /api/market/bars");
    expect(Object.fromEntries(new URLSearchParams(request?.search))).toEqual({
      symbol: "BANKNIFTY",
      interval: "1m",
      from: "2026-03-10",
    });
    expect((await chartIn("underlying-chart")).series[0]?.data).toHaveLength(87);
    expect(api.callsTo("GET /api/signals/sig-1/chart")).toHaveLength(0);
  });

  it("extends the underlying with the market stream's last price on the market clock", async () => {
    useSpecTimers();
    const socket = new FakeSocket();
    renderCharts({ signal: null, socket });
    await modelsLoaded();
    await underlyingPanel().findByRole("figure");
    const series = (await chartIn("underlying-chart")).series[0];
    const banknifty = TEST_MARKET.snapshots.find((snapshot) => snapshot.symbol === "BANKNIFTY");
    act(() => socket.serverEmit("dashboard-update", { ...banknifty, ltp: 51_300.5 }));
    // The market clock read 10:42:05 when the overview came: a new 10:42 candle.
    await waitFor(() => expect(series?.data).toHaveLength(88));
    expect(series?.data.at(-1)).toEqual({
      time: axis(Date.UTC(2026, 2, 10, 5, 12)),
      open: 51_300.5,
      high: 51_300.5,
      low: 51_300.5,
      close: 51_300.5,
    });
    expect(TEST_MARKET_NOW).toBe(Date.UTC(2026, 2, 10, 5, 12, 5));
    act(() => socket.serverEmit("dashboard-update", { ...banknifty, ltp: 51_280 }));
    await waitFor(() => expect(series?.data.at(-1)).toMatchObject({ low: 51_280, close: 51_280 }));
    expect(series?.data).toHaveLength(88);
  });

  it("says when a chart cannot be loaded, and Retry asks again", async () => {
    const user = useSpecTimers();
    let calls = 0;
    renderCharts({
      chart: () => {
        calls += 1;
        return calls === 1 ? fail(503, "Service unavailable", "SERVICE_UNAVAILABLE") : ok(CHART);
      },
    });
    await modelsLoaded();
    expect(await optionPanel().findByText("The chart could not be loaded.")).toBeTruthy();
    await user.click(optionPanel().getByRole("button", { name: "Retry" }));
    expect(await optionPanel().findByRole("figure")).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("removes the option's chart when token-refreshed clears the signals", async () => {
    useSpecTimers();
    const socket = new FakeSocket();
    let signalCalls = 0;
    const { api } = renderCharts({
      socket,
      api: {
        "GET /api/signals/current": () => {
          signalCalls += 1;
          return ok({
            signals: [
              { model: "BankNifty:KalpaVruksha", signal: signalCalls === 1 ? SIGNAL : null },
            ],
          });
        },
      },
    });
    await modelsLoaded();
    await optionPanel().findByRole("figure");
    const option = await chartIn("option-chart");
    expect(option.removed).toBe(false);
    act(() => socket.serverEmit("token-refreshed", { reason: "access-changed" }));
    expect(await optionPanel().findByText("Waiting for the first signal")).toBeTruthy();
    expect(option.removed).toBe(true);
    expect(chartLib.live()).toHaveLength(1); // the underlying's
    await waitFor(() => expect(api.callsTo("GET /api/signals/current")).toHaveLength(2));
  });

  it("removes every chart when the screen goes away", async () => {
    useSpecTimers();
    const { unmount } = renderCharts();
    await modelsLoaded();
    await optionPanel().findByRole("figure");
    await underlyingPanel().findByRole("figure");
    expect(chartLib.live()).toHaveLength(2);
    unmount();
    expect(chartLib.live()).toHaveLength(0);
  });
});
