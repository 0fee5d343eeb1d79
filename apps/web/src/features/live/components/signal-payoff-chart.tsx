/**
 * The payoff drawn by lightweight-charts' options chart (a horizontal scale of prices, not time): the P&L
 * at expiry and today over the underlying, a line at nothing and one at the maximum loss, and markers on
 * today's curve at the underlying now, the break-even and the levels where the entry zone, target and stop
 * would be hit. Loaded on demand with the library, as the candle charts are (live-charts.tsx).
 */
import {
  ColorType,
  createOptionsChart,
  createSeriesMarkers,
  LineSeries,
  LineStyle,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { CHART_COLORS } from "../utils/chart-colors";

export interface PayoffCurvePoint {
  underlying: number;
  pnlAtExpiry: number;
  pnlToday: number;
}

export interface PayoffChartMarker {
  underlying: number;
  color: string;
  text: string;
  position: "aboveBar" | "belowBar";
}

export interface PayoffChartProps {
  /** Oldest first by the underlying, one point per level (the marks merged in). */
  points: readonly PayoffCurvePoint[];
  markers: readonly PayoffChartMarker[];
  maxLoss: number;
  maxLossTitle: string;
  /** What the chart shows, in words (the canvas is an image to assistive technology). */
  label: string;
  className?: string;
}

/** Below this width (px) the markers are drawn without their words. */
export const MARKER_TEXT_MIN_WIDTH = 480;

export const PAYOFF_COLORS = {
  expiry: "#c4b5fd", // violet-300
  today: "#fcd34d", // amber-300
  zero: "#9aa7c4", // ink-300
} as const;

/** Whole rupees on the axis: -16064 → "-₹16,064". */
export const axisRupees = (value: number) => {
  const whole = Math.round(value);
  const digits = Math.abs(whole).toLocaleString("en-IN", { maximumFractionDigits: 0 });
  return whole < 0 ? `-₹${digits}` : `₹${digits}`;
};

export default function SignalPayoffChart({
  points,
  markers,
  maxLoss,
  maxLossTitle,
  label,
  className,
}: PayoffChartProps) {
  const container = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createOptionsChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: CHART_COLORS.text,
        fontFamily: getComputedStyle(element).fontFamily || undefined,
        fontSize: 11,
        attributionLogo: true,
      },
      grid: {
        vertLines: { color: CHART_COLORS.grid },
        horzLines: { color: CHART_COLORS.grid },
      },
      rightPriceScale: { borderColor: CHART_COLORS.border },
      timeScale: { borderColor: CHART_COLORS.border },
      localization: { locale: "en-IN", priceFormatter: axisRupees },
      handleScroll: false,
      handleScale: false,
    });
    const expiry = chart.addSeries(LineSeries, {
      color: PAYOFF_COLORS.expiry,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    });
    const today = chart.addSeries(LineSeries, {
      color: PAYOFF_COLORS.today,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    });
    expiry.setData(points.map((p) => ({ time: p.underlying, value: p.pnlAtExpiry })));
    today.setData(points.map((p) => ({ time: p.underlying, value: p.pnlToday })));
    expiry.createPriceLine({
      price: 0,
      color: PAYOFF_COLORS.zero,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: false,
      title: "",
    });
    expiry.createPriceLine({
      price: -maxLoss,
      color: CHART_COLORS.stop,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: true,
      title: maxLossTitle,
    });
    // On a narrow screen the levels sit close together: the markers keep their colours and leave their
    // words to the legend below the chart.
    const worded = element.clientWidth >= MARKER_TEXT_MIN_WIDTH;
    createSeriesMarkers(
      today,
      [...markers]
        .sort((a, b) => a.underlying - b.underlying)
        .map((marker) => ({
          time: marker.underlying,
          position: marker.position,
          color: marker.color,
          shape: marker.position === "aboveBar" ? ("arrowDown" as const) : ("arrowUp" as const),
          text: worded ? marker.text : "",
        })),
    );
    chart.timeScale().fitContent();
    return () => {
      chart.remove();
    };
  }, [points, markers, maxLoss, maxLossTitle]);

  return (
    <figure
      ref={container}
      aria-label={label}
      className={`relative m-0 w-full ${className ?? ""}`}
    />
  );
}
