/**
 * The equity curve trade by trade with its drawdowns shaded, drawn by lightweight-charts (the library of
 * the live candles; loaded on demand, so the journal's first paint does not wait for it). The cumulative
 * net is a line; below it, in a pane of its own with its own scale, each point's fall from the high so far
 * is a rose bar (nothing at a new high). Times are the trades' exits in India time. The canvas is an image
 * to assistive technology: the analysis gives the same points as a table beside it.
 */
import type { PaperAnalytics } from "@kalpa/contracts/api/paper";
import {
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { chartTime } from "@/features/live/utils/candles";
import { CHART_COLORS } from "@/features/live/utils/chart-colors";
import { formatRupees } from "@/lib/format";

/** The pane of the drawdown bars (0 is the equity line's). */
export const DRAWDOWN_PANE = 1;

export interface EquityDrawdownChartProps {
  equity: PaperAnalytics["equity"];
  label: string;
}

/** The points on strictly rising seconds (two exits in one second: the later one a second on). */
export function chartPoints(equity: PaperAnalytics["equity"]) {
  const points: Array<{ time: UTCTimestamp; cumulative: number; drawdown: number }> = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const point of equity) {
    const time = Math.max(chartTime(point.time), last + 1);
    last = time;
    points.push({
      time: time as UTCTimestamp,
      cumulative: point.cumulative,
      drawdown: point.drawdown,
    });
  }
  return points;
}

export default function EquityDrawdownChart({ equity, label }: EquityDrawdownChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: CHART_COLORS.text,
        fontSize: 11,
        attributionLogo: true,
      },
      grid: {
        vertLines: { color: CHART_COLORS.grid },
        horzLines: { color: CHART_COLORS.grid },
      },
      rightPriceScale: {
        borderColor: CHART_COLORS.border,
        scaleMargins: { top: 0.08, bottom: 0.3 },
      },
      timeScale: { borderColor: CHART_COLORS.border, timeVisible: false },
      localization: {
        locale: "en-IN",
        priceFormatter: (price: number) => formatRupees(Math.round(price)),
      },
      handleScroll: false,
      handleScale: false,
    });
    const points = chartPoints(equity);
    const line = chart.addSeries(LineSeries, {
      color: CHART_COLORS.up,
      lineWidth: 2,
    });
    line.setData(points.map((point) => ({ time: point.time, value: point.cumulative })));
    // The drawdown in a pane of its own below, with its own rupee scale, a third of the height.
    const drawdown = chart.addSeries(
      HistogramSeries,
      { color: CHART_COLORS.down, lastValueVisible: false, priceLineVisible: false },
      DRAWDOWN_PANE,
    );
    drawdown.getPane().setStretchFactor(0.5);
    drawdown.setData(
      points.map((point) => ({
        time: point.time,
        value: point.drawdown === 0 ? 0 : -point.drawdown,
      })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [equity]);

  // A labelled figure, as the candle charts are: the chart library adds a link of its own inside, which an
  // element with role="img" may not hold.
  return <figure ref={container} aria-label={label} className="h-56 w-full sm:h-64" />;
}
