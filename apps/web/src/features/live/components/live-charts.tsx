import type { MarketSymbol, ModelId } from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";
import { CandlestickChart, LoaderCircle, TriangleAlert } from "lucide-react";
import { Component, lazy, type ReactNode, Suspense, useMemo } from "react";
import type { Socket } from "socket.io-client";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { dayKeyOf } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import { useOptionCandles } from "../hooks/use-option-candles";
import { useUnderlyingCandles } from "../hooks/use-underlying-candles";
import type { Candle } from "../utils/candles";
import { CHART_COLORS } from "../utils/chart-colors";
import { modelName } from "../utils/live-routes";
import { formatClockTime, formatMinute, formatZone } from "../utils/signal-view";
import type { ChartMarker, ChartPriceLine } from "./candle-chart";
import "@/features/live/i18n/en";

/** The chart library (about 50 KB gzipped) loads with the first chart, never with the site's first page. */
const CandleChart = lazy(() => import("./candle-chart"));

/** Last prices and the market clock, from the market stream the page already follows. */
export interface LiveMarketFeed {
  /** Each symbol's last price, once known. */
  ltp: Partial<Record<MarketSymbol, number>>;
  /** The market clock's reading now (epoch ms), or null before it is known. */
  now: () => number | null;
}

const CHART_HEIGHT = "h-64 sm:h-72";

function Panel({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section
      data-testid={testId}
      aria-label={title}
      className="min-w-0 rounded-2xl border border-white/10 bg-ink-900/70 p-4 shadow-xl shadow-black/30 sm:p-5"
    >
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold text-white">{title}</h3>
        {subtitle ? <p className="font-mono text-xs text-ink-300">{subtitle}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** A chart-sized box with a message in it (loading, waiting, no prices, failure). */
function ChartMessage({
  kind,
  children,
}: {
  kind: "loading" | "empty" | "error";
  children: ReactNode;
}) {
  const Icon =
    kind === "loading" ? LoaderCircle : kind === "error" ? TriangleAlert : CandlestickChart;
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`${CHART_HEIGHT} flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-white/10 bg-white/[0.02] px-4 text-center text-sm text-ink-300`}
    >
      <Icon
        aria-hidden="true"
        className={
          kind === "loading"
            ? "size-6 text-accent-400 motion-safe:animate-spin"
            : kind === "error"
              ? "size-6 text-amber-300"
              : "size-6 text-ink-400"
        }
      />
      {children}
    </div>
  );
}

/** If the chart's code cannot be fetched (a dropped connection), the panel says so; the card stays. */
class ChartBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Failed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ChartMessage kind="error">
      <p>{t("live.chart.failed")}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          {t("live.chart.retry")}
        </button>
      ) : null}
    </ChartMessage>
  );
}

function Chart(props: {
  candles: readonly Candle[];
  priceLines?: readonly ChartPriceLine[];
  markers?: readonly ChartMarker[];
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <ChartBoundary fallback={<Failed />}>
      <Suspense fallback={<ChartMessage kind="loading">{t("live.chart.loading")}</ChartMessage>}>
        <CandleChart {...props} className={CHART_HEIGHT} />
      </Suspense>
    </ChartBoundary>
  );
}

interface Range {
  count: number;
  from: string;
  to: string;
  last: string;
  high: string;
  low: string;
}

function rangeOf(candles: readonly Candle[], price: (value: number) => string): Range {
  const first = candles[0];
  const last = candles[candles.length - 1];
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  for (const candle of candles) {
    high = Math.max(high, candle.high);
    low = Math.min(low, candle.low);
  }
  return {
    count: candles.length,
    from: first ? formatMinute(first.time) : "",
    to: last ? formatMinute(last.time) : "",
    last: last ? price(last.close) : "",
    high: price(high),
    low: price(low),
  };
}

function LegendItem({ color, label, value }: { color: string; label: string; value: string }) {
  return (
    <li className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="h-0 w-4 border-t-2 border-dashed"
        style={{ borderColor: color }}
      />
      <span className="text-ink-300">{label}</span>
      <span className="font-mono text-ink-50 tabular-nums">{value}</span>
    </li>
  );
}

/** The traded option's premium with the signal's entry zone, target and stop, and its entry and exit. */
function OptionChart({
  model,
  signal,
  socket,
  signalsLoading,
}: {
  model: ModelId;
  signal: SignalWire | null;
  socket: Socket | null;
  signalsLoading: boolean;
}) {
  const { t } = useTranslation();
  const chart = useOptionCandles(socket, signal);
  const entryLow = signal?.entryLow;
  const entryHigh = signal?.entryHigh;
  const target = signal?.target;
  const stop = signal?.stopLoss;
  const zoneTitle = t("live.card.initiatedZone");
  const targetTitle = t("live.card.projectedZone");
  const stopTitle = t("live.card.riskMarker");
  const priceLines = useMemo<ChartPriceLine[]>(() => {
    if (entryLow === undefined || entryHigh === undefined) return [];
    if (target === undefined || stop === undefined) return [];
    const zone = [{ price: entryHigh, title: zoneTitle, color: CHART_COLORS.entry }];
    if (entryLow !== entryHigh) {
      zone.push({ price: entryLow, title: zoneTitle, color: CHART_COLORS.entry });
    }
    return [
      ...zone,
      { price: target, title: targetTitle, color: CHART_COLORS.target },
      { price: stop, title: stopTitle, color: CHART_COLORS.stop },
    ];
  }, [entryLow, entryHigh, target, stop, zoneTitle, targetTitle, stopTitle]);

  const entryPrice = signal?.entryPrice ?? null;
  const entryTime = signal?.entryTime ?? null;
  const exitPrice = signal?.exitPrice ?? null;
  const exitTime = signal?.exitTime ?? null;
  const markers = useMemo<ChartMarker[]>(() => {
    const marks: ChartMarker[] = [];
    if (entryPrice !== null && entryTime !== null) {
      marks.push({
        time: entryTime,
        position: "belowBar",
        color: CHART_COLORS.fill,
        shape: "arrowUp",
        text: t("live.chart.entry"),
      });
    }
    if (exitPrice !== null && exitTime !== null) {
      marks.push({
        time: exitTime,
        position: "aboveBar",
        color: CHART_COLORS.fill,
        shape: "arrowDown",
        text: t("live.chart.exit"),
      });
    }
    return marks;
  }, [entryPrice, entryTime, exitPrice, exitTime, t]);

  const title = t("live.chart.optionTitle");
  if (!signal) {
    return (
      <Panel title={title} testId="option-chart">
        {signalsLoading ? (
          <ChartMessage kind="loading">{t("live.chart.loading")}</ChartMessage>
        ) : (
          <ChartMessage kind="empty">
            <p className="text-base font-medium text-white">{t("live.chart.waitingTitle")}</p>
            <p className="max-w-sm">{t("live.chart.waitingBody", { model: modelName(model) })}</p>
          </ChartMessage>
        )}
      </Panel>
    );
  }

  let body: ReactNode;
  if (chart.isPending) {
    body = <ChartMessage kind="loading">{t("live.chart.loading")}</ChartMessage>;
  } else if (chart.isError) {
    body = <Failed onRetry={() => void chart.refetch()} />;
  } else if (chart.data.candles.length === 0) {
    body = <ChartMessage kind="empty">{t("live.chart.noOptionPrices")}</ChartMessage>;
  } else {
    const range = rangeOf(chart.data.candles, formatRupees);
    let label = t("live.chart.optionSummary", {
      contract: chart.data.contract,
      ...range,
      zone: formatZone(signal.entryLow, signal.entryHigh),
      target: formatRupees(signal.target),
      stop: formatRupees(signal.stopLoss),
    });
    if (entryPrice !== null && entryTime !== null) {
      label += t("live.chart.enteredSummary", {
        price: formatRupees(entryPrice),
        time: formatClockTime(entryTime),
      });
    }
    if (exitPrice !== null && exitTime !== null) {
      label += t("live.chart.exitedSummary", {
        price: formatRupees(exitPrice),
        time: formatClockTime(exitTime),
      });
    }
    body = (
      <Chart
        key={signal.id}
        candles={chart.data.candles}
        priceLines={priceLines}
        markers={markers}
        label={label}
      />
    );
  }

  return (
    <Panel title={title} subtitle={chart.data?.contract} testId="option-chart">
      {body}
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-xs">
        <LegendItem
          color={CHART_COLORS.entry}
          label={zoneTitle}
          value={formatZone(signal.entryLow, signal.entryHigh)}
        />
        <LegendItem
          color={CHART_COLORS.target}
          label={targetTitle}
          value={formatRupees(signal.target)}
        />
        <LegendItem
          color={CHART_COLORS.stop}
          label={stopTitle}
          value={formatRupees(signal.stopLoss)}
        />
      </ul>
    </Panel>
  );
}

const formatLevel = (value: number) => value.toLocaleString("en-IN", { maximumFractionDigits: 2 });

/** The underlying's 1-minute candles of the signal's day (today's before any signal). */
function UnderlyingChart({
  symbol,
  day,
  market,
}: {
  symbol: MarketSymbol;
  day: string | null;
  market: LiveMarketFeed;
}) {
  const { t } = useTranslation();
  const bars = useUnderlyingCandles(symbol, day, market.ltp[symbol], market.now);
  const title = t("live.chart.underlyingTitle", { symbol });

  let body: ReactNode;
  if (day === null || bars.isPending) {
    body = <ChartMessage kind="loading">{t("live.chart.loading")}</ChartMessage>;
  } else if (bars.isError) {
    body = <Failed onRetry={() => void bars.refetch()} />;
  } else if (bars.data.bars.length === 0) {
    body = (
      <ChartMessage kind="empty">{t("live.chart.noUnderlyingPrices", { symbol })}</ChartMessage>
    );
  } else {
    const label = t("live.chart.underlyingSummary", {
      symbol,
      ...rangeOf(bars.data.bars, formatLevel),
    });
    body = <Chart candles={bars.data.bars} label={label} />;
  }
  return (
    <Panel title={title} testId="underlying-chart">
      {body}
    </Panel>
  );
}

/**
 * The live screen's charts: the traded option's premium in 1-minute candles with the signal's
 * Initiated Zone, Projected Zone and Risk Marker as labelled lines and its entry and exit marked, beside the
 * underlying's 1-minute candles. Stacked on a phone, side by side from large screens. Each chart carries a
 * text summary for assistive technology; the card above has every number too.
 */
export function LiveCharts({
  model,
  symbol,
  signal,
  signalsLoading,
  socket,
  market,
}: {
  model: ModelId;
  symbol: MarketSymbol;
  signal: SignalWire | null;
  signalsLoading: boolean;
  socket: Socket | null;
  market: LiveMarketFeed;
}) {
  const now = market.now();
  const day = signal?.day ?? (now === null ? null : dayKeyOf(now));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <OptionChart model={model} signal={signal} socket={socket} signalsLoading={signalsLoading} />
      <UnderlyingChart symbol={symbol} day={day} market={market} />
    </div>
  );
}
