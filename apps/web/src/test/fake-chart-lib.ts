/**
 * A stand-in for lightweight-charts, which draws on a canvas that jsdom has not. A test replaces the module
 * with `vi.mock("lightweight-charts", () => import("@/test/fake-chart-lib"))` and reads `chartLib` for what
 * the app gave it: the charts made and removed, each series' data, updates, price lines and markers.
 */
import { vi } from "vitest";

export interface FakePriceLine {
  options: Record<string, unknown>;
}

export interface FakeSeries {
  data: unknown[];
  updates: unknown[];
  lines: FakePriceLine[];
  markers: unknown[];
  /** The pane it was added to (0, the first, unless given). */
  pane: number;
}

export interface FakeChart {
  element: HTMLElement;
  options: Record<string, unknown>;
  removed: boolean;
  series: FakeSeries[];
}

export const chartLib = {
  createChart: vi.fn(),
  remove: vi.fn(),
  addSeries: vi.fn(),
  setData: vi.fn(),
  update: vi.fn(),
  createPriceLine: vi.fn(),
  removePriceLine: vi.fn(),
  setMarkers: vi.fn(),
  charts: [] as FakeChart[],
  /** Forgets every chart and call (call it before each test). */
  reset() {
    for (const key of [
      "createChart",
      "remove",
      "addSeries",
      "setData",
      "update",
      "createPriceLine",
      "removePriceLine",
      "setMarkers",
    ] as const) {
      chartLib[key].mockClear();
    }
    chartLib.charts.length = 0;
  },
  /** The kind of each series added, in order (CandlestickSeries, LineSeries…: their `type`). */
  kinds(): string[] {
    return chartLib.addSeries.mock.calls.map((call) => (call[0] as { type: string }).type);
  },
  /** The charts not removed. */
  live(): FakeChart[] {
    return chartLib.charts.filter((chart) => !chart.removed);
  },
};

export const CandlestickSeries = { type: "Candlestick" };
export const LineSeries = { type: "Line" };
export const HistogramSeries = { type: "Histogram" };
export const ColorType = { Solid: "solid" };
export const LineStyle = { Dashed: 2 };

export function createChart(element: HTMLElement, options: Record<string, unknown>) {
  chartLib.createChart(element, options);
  const chart: FakeChart = { element, options, removed: false, series: [] };
  chartLib.charts.push(chart);
  return {
    addSeries(kind: unknown, seriesOptions: unknown, paneIndex = 0) {
      chartLib.addSeries(kind, seriesOptions);
      const series: FakeSeries = { data: [], updates: [], lines: [], markers: [], pane: paneIndex };
      chart.series.push(series);
      return {
        _fake: series,
        setData(data: unknown[]) {
          chartLib.setData(data);
          series.data = [...data];
        },
        update(bar: { time: number }) {
          chartLib.update(bar);
          series.updates.push(bar);
          const last = series.data[series.data.length - 1] as { time: number } | undefined;
          if (last && last.time === bar.time) series.data[series.data.length - 1] = bar;
          else series.data.push(bar);
        },
        createPriceLine(lineOptions: Record<string, unknown>) {
          chartLib.createPriceLine(lineOptions);
          const line = { options: lineOptions };
          series.lines.push(line);
          return line;
        },
        getPane() {
          return { setStretchFactor() {} };
        },
        removePriceLine(line: FakePriceLine) {
          chartLib.removePriceLine(line);
          series.lines = series.lines.filter((candidate) => candidate !== line);
        },
      };
    },
    timeScale() {
      return { fitContent() {} };
    },
    remove() {
      chartLib.remove();
      chart.removed = true;
    },
  };
}

/** The options chart (a horizontal scale of prices) is faked as the time chart is. */
export const createOptionsChart = createChart;

export function createSeriesMarkers(target: { _fake: FakeSeries }, markers: unknown[]) {
  target._fake.markers = [...markers];
  return {
    setMarkers(next: unknown[]) {
      chartLib.setMarkers(next);
      target._fake.markers = [...next];
    },
  };
}
