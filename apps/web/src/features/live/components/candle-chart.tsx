/**
 * One candlestick chart drawn by lightweight-charts (a canvas). Loaded on demand by the live screen's charts
 * (live-charts.tsx), so the library is fetched only on the live routes. It is given 1-minute candles in
 * market-clock epoch ms and keeps the chart in step: a candle that moved or a new minute is an update, any
 * other change draws the series again; the labelled price lines and the markers follow their props. The
 * chart is removed when the component goes away.
 */
import {
  type AutoscaleInfo,
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  LineStyle,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { currentLanguage, INTL_LOCALES } from "@/i18n";
import { type Candle, chartTime, minuteOf, toChartCandle } from "../utils/candles";
import { CHART_COLORS } from "../utils/chart-colors";

export interface ChartPriceLine {
  price: number;
  title: string;
  color: string;
}

export interface ChartMarker {
  /** Epoch ms on the market clock (drawn on the candle of its minute). */
  time: number;
  /** Below the candle (an entry, pointing up) or above it (an exit, pointing down). */
  position: "belowBar" | "aboveBar";
  color: string;
  shape: "arrowUp" | "arrowDown" | "circle" | "square";
  text: string;
}

export interface CandleChartProps {
  candles: readonly Candle[];
  priceLines?: readonly ChartPriceLine[];
  markers?: readonly ChartMarker[];
  /** What the chart shows, in words (the canvas is an image to assistive technology). */
  label: string;
  className?: string;
}

interface Drawn {
  chart: IChartApi;
  series: ISeriesApi<"Candlestick">;
  markers: ISeriesMarkersPluginApi<Time>;
  lines: IPriceLine[];
  /** The price lines' prices, which the price scale always shows (a stop far below the candles too). */
  levels: number[];
  candles: readonly Candle[];
}

const NO_LINES: readonly ChartPriceLine[] = [];
const NO_MARKERS: readonly ChartMarker[] = [];

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}

/** True when `next` is `shown` with its last candle moved and at most one new candle after it. */
function continues(shown: readonly Candle[], next: readonly Candle[]): boolean {
  if (shown.length === 0 || next.length < shown.length || next.length > shown.length + 1) {
    return false;
  }
  for (let index = 0; index < shown.length - 1; index++) {
    if (shown[index] !== next[index]) return false;
  }
  return next[shown.length - 1]?.time === shown[shown.length - 1]?.time;
}

const asTime = (instant: number) => chartTime(instant) as UTCTimestamp;
const bar = (candle: Candle) => ({ ...toChartCandle(candle), time: asTime(candle.time) });

export default function CandleChart({
  candles,
  priceLines = NO_LINES,
  markers = NO_MARKERS,
  label,
  className,
}: CandleChartProps) {
  const container = useRef<HTMLElement>(null);
  const drawn = useRef<Drawn | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const reduced = prefersReducedMotion();
    const chart = createChart(element, {
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
      timeScale: {
        borderColor: CHART_COLORS.border,
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 2,
      },
      // The axis's dates in the reader's language (Indian grouping in all three).
      localization: { locale: INTL_LOCALES[currentLanguage()] },
      // No gliding after a swipe for those who asked for less motion.
      kineticScroll: { touch: !reduced, mouse: false },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: CHART_COLORS.up,
      downColor: CHART_COLORS.down,
      borderVisible: false,
      wickUpColor: CHART_COLORS.up,
      wickDownColor: CHART_COLORS.down,
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        const levels = drawn.current?.levels ?? [];
        if (!info?.priceRange || levels.length === 0) return info;
        return {
          ...info,
          priceRange: {
            minValue: Math.min(info.priceRange.minValue, ...levels),
            maxValue: Math.max(info.priceRange.maxValue, ...levels),
          },
        };
      },
    });
    drawn.current = {
      chart,
      series,
      markers: createSeriesMarkers(series, []),
      lines: [],
      levels: [],
      candles: [],
    };
    return () => {
      drawn.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const current = drawn.current;
    if (!current || current.candles === candles) return;
    const shown = current.candles;
    if (continues(shown, candles)) {
      for (const candle of candles.slice(shown.length - 1)) {
        current.series.update(bar(candle));
      }
    } else {
      current.series.setData(candles.map(bar));
    }
    current.candles = candles;
  }, [candles]);

  useEffect(() => {
    const current = drawn.current;
    if (!current) return;
    for (const line of current.lines) current.series.removePriceLine(line);
    current.levels = priceLines.map((line) => line.price);
    current.lines = priceLines.map((line) =>
      current.series.createPriceLine({
        price: line.price,
        color: line.color,
        title: line.title,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
      }),
    );
  }, [priceLines]);

  useEffect(() => {
    const current = drawn.current;
    if (!current) return;
    current.markers.setMarkers(
      [...markers]
        .sort((a, b) => a.time - b.time)
        .map((marker) => ({
          time: asTime(minuteOf(marker.time)),
          position: marker.position,
          color: marker.color,
          shape: marker.shape,
          text: marker.text,
        })),
    );
  }, [markers]);

  return <figure ref={container} aria-label={label} className={className} />;
}
