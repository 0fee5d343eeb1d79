/**
 * The chart wrapper with lightweight-charts replaced (it draws on a canvas, which jsdom has not): what it
 * is given (candles in India's clock, labelled price lines, markers), how it is kept up to date, and that
 * the chart is removed with the component.
 */
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chartLib } from "@/test/fake-chart-lib";
import type { Candle } from "../utils/candles";

vi.mock("lightweight-charts", () => import("@/test/fake-chart-lib"));

const { default: CandleChart } = await import("./candle-chart");

/** 10:15 and 10:16 in India on 10 Mar 2026. */
const T0 = Date.UTC(2026, 2, 10, 4, 45);
const T1 = T0 + 60_000;
/** The same minutes as the chart's axis reads them (UTC seconds moved by +05:30). */
const AXIS_T0 = Date.UTC(2026, 2, 10, 10, 15) / 1000;
const AXIS_T1 = AXIS_T0 + 60;

const FIRST: Candle = { time: T0, open: 210, high: 214, low: 209, close: 213 };
const SECOND: Candle = { time: T1, open: 213, high: 216, low: 212, close: 215.5 };

const LINES = [
  { price: 215, title: "Initiated Zone", color: "#7dd3fc" },
  { price: 210, title: "Initiated Zone", color: "#7dd3fc" },
  { price: 240, title: "Projected Zone", color: "#34d399" },
  { price: 195, title: "Risk Marker", color: "#fb7185" },
];

describe("the candle chart", () => {
  beforeEach(() => {
    chartLib.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("draws the candles on India's clock with the labelled price lines, in a labelled image", () => {
    render(
      <CandleChart candles={[FIRST, SECOND]} priceLines={LINES} label="The option's premium" />,
    );
    const image = screen.getByRole("figure", { name: "The option's premium" });
    expect(chartLib.createChart).toHaveBeenCalledTimes(1);
    expect(chartLib.createChart.mock.calls[0]?.[0]).toBe(image);
    expect(chartLib.addSeries).toHaveBeenCalledWith({ type: "Candlestick" }, expect.any(Object));
    expect(chartLib.setData).toHaveBeenCalledWith([
      { time: AXIS_T0, open: 210, high: 214, low: 209, close: 213 },
      { time: AXIS_T1, open: 213, high: 216, low: 212, close: 215.5 },
    ]);
    expect(chartLib.createPriceLine.mock.calls.map(([line]) => [line.price, line.title])).toEqual([
      [215, "Initiated Zone"],
      [210, "Initiated Zone"],
      [240, "Projected Zone"],
      [195, "Risk Marker"],
    ]);
    expect(chartLib.createPriceLine.mock.calls[3]?.[0]).toMatchObject({
      color: "#fb7185",
      axisLabelVisible: true,
    });
    // The price scale reaches every line, even a stop far below the candles.
    const { autoscaleInfoProvider } = chartLib.addSeries.mock.calls[0]?.[1] ?? {};
    expect(autoscaleInfoProvider(() => ({ priceRange: { minValue: 209, maxValue: 216 } }))).toEqual(
      { priceRange: { minValue: 195, maxValue: 240 } },
    );
  });

  it("updates the last candle, then adds the next minute's, without drawing the series again", () => {
    const { rerender } = render(<CandleChart candles={[FIRST]} label="chart" />);
    expect(chartLib.setData).toHaveBeenCalledTimes(1);

    const moved = { ...FIRST, high: 218, close: 217 };
    rerender(<CandleChart candles={[moved]} label="chart" />);
    expect(chartLib.update).toHaveBeenLastCalledWith({
      time: AXIS_T0,
      open: 210,
      high: 218,
      low: 209,
      close: 217,
    });

    const next = { time: T1, open: 219, high: 219, low: 219, close: 219 };
    rerender(<CandleChart candles={[moved, next]} label="chart" />);
    expect(chartLib.update).toHaveBeenLastCalledWith({
      time: AXIS_T1,
      open: 219,
      high: 219,
      low: 219,
      close: 219,
    });
    expect(chartLib.setData).toHaveBeenCalledTimes(1);

    // Anything else (another signal's candles) is drawn again whole.
    rerender(<CandleChart candles={[SECOND]} label="chart" />);
    expect(chartLib.setData).toHaveBeenCalledTimes(2);
    expect(chartLib.setData).toHaveBeenLastCalledWith([
      { time: AXIS_T1, open: 213, high: 216, low: 212, close: 215.5 },
    ]);
  });

  it("replaces the price lines when they change and marks entry and exit on their minutes", () => {
    const { rerender } = render(<CandleChart candles={[FIRST]} priceLines={LINES} label="c" />);
    expect(chartLib.charts[0]?.series[0]?.lines).toHaveLength(4);
    rerender(
      <CandleChart
        candles={[FIRST, SECOND]}
        priceLines={[LINES[2] as (typeof LINES)[number]]}
        markers={[
          {
            time: T1 + 42_000,
            position: "aboveBar",
            color: "#fcd34d",
            shape: "arrowDown",
            text: "Exit",
          },
          {
            time: T0 + 5_000,
            position: "belowBar",
            color: "#fcd34d",
            shape: "arrowUp",
            text: "Entry",
          },
        ]}
        label="c"
      />,
    );
    expect(chartLib.removePriceLine).toHaveBeenCalledTimes(4);
    expect(chartLib.charts[0]?.series[0]?.lines.map((line) => line.options.title)).toEqual([
      "Projected Zone",
    ]);
    expect(chartLib.setMarkers).toHaveBeenLastCalledWith([
      expect.objectContaining({ time: AXIS_T0, position: "belowBar", text: "Entry" }),
      expect.objectContaining({ time: AXIS_T1, position: "aboveBar", text: "Exit" }),
    ]);
  });

  it("removes the chart when it goes away", () => {
    const { unmount } = render(<CandleChart candles={[FIRST]} label="chart" />);
    expect(chartLib.remove).not.toHaveBeenCalled();
    unmount();
    expect(chartLib.remove).toHaveBeenCalledTimes(1);
  });

  it("turns the swipe's glide off for those who prefer reduced motion", () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)" })),
    );
    render(<CandleChart candles={[FIRST]} label="chart" />);
    expect(chartLib.createChart.mock.calls[0]?.[1]).toMatchObject({
      kineticScroll: { touch: false, mouse: false },
    });
  });
});
