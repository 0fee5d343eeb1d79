import type { PaperAnalytics } from "@kalpa/contracts/api/paper";
import { Download, LoaderCircle, RotateCw } from "lucide-react";
import { Component, lazy, type ReactNode, Suspense, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { type TranslationKey, useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatNumber, formatRupees } from "@/lib/format";
import { usePaperAnalytics, usePaperFollowingAnalytics } from "../api/get-paper-analytics";
import { csvHref, equityCsv, perTradeCsv, rHistogramCsv } from "../utils/analysis-csv";
import type { JournalFilters } from "../utils/journal-filters";
import { Money } from "./day-groups";
import "@/features/journal/i18n/en";

const EquityDrawdownChart = lazy(() => import("./equity-drawdown-chart"));

/** Labels under the histogram: an edge and the column it starts (the open bin below is column 0). */
const EDGE_MARKS: ReadonlyArray<readonly [string, number]> = [
  ["−2 R", 1],
  ["0", 5],
  ["+3 R", 11],
];

const percent = (value: number) => `${formatNumber(Math.round(value * 1000) / 10)}%`;
const hourLabel = (hour: number) =>
  `${String(hour).padStart(2, "0")}:00–${String((hour + 1) % 24).padStart(2, "0")}:00`;
const exitLabel = (time: number) =>
  new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(time);

/** An analysis with what it is of: a model, or the models the reader follows. */
type Analysed = Omit<PaperAnalytics, "model"> & { name: string; slug: string };

const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

type Scope = "model" | "following";

/**
 * The journal as a teacher (decision 035): for the selected model and period, R-multiples, expectancy in
 * rupees and R, the win rate with its 95 % range, the largest drawdown and how long it lasted, streaks,
 * results by hour and weekday, the distribution of R and the equity curve with its drawdowns, each trade's
 * excursions (decision 038). Each chart has its table and a CSV download. A signed-in reader may choose the
 * models they follow instead (`canFollow`): their trades analysed together.
 */
export function JournalAnalysis({
  filters,
  canFollow = false,
}: {
  filters: JournalFilters;
  canFollow?: boolean;
}) {
  const { t } = useTranslation();
  const [chosen, setScope] = useState<Scope>("model");
  const scope: Scope = canFollow ? chosen : "model";
  const single = usePaperAnalytics(filters, scope === "model");
  const following = usePaperFollowingAnalytics(filters.days, scope === "following");
  const query = scope === "model" ? single : following;
  const analysed: Analysed | undefined =
    scope === "model"
      ? single.data && { ...single.data, name: single.data.model, slug: slugOf(single.data.model) }
      : following.data && {
          ...following.data,
          name: following.data.models.join(", "),
          slug: "models-i-follow",
        };
  const followsNone = scope === "following" && following.data?.models.length === 0;
  return (
    <section
      aria-labelledby="journal-analysis-heading"
      className="rounded-2xl border border-white/10 bg-ink-900/70 p-4 sm:p-5"
    >
      <h2 id="journal-analysis-heading" className="text-lg font-semibold text-white">
        {t("journal.analysis.heading")}
      </h2>
      {canFollow ? (
        <fieldset className="mt-3">
          <legend className="sr-only">{t("journal.analysis.scope")}</legend>
          <div className="flex flex-wrap gap-2">
            {(["model", "following"] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={scope === option}
                onClick={() => setScope(option)}
                className={cn(
                  "min-h-11 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
                  scope === option
                    ? "border-accent-400 bg-accent-400/15 text-accent-200"
                    : "border-white/10 bg-ink-900/60 text-ink-200 hover:border-white/25 hover:text-white",
                )}
              >
                {option === "model"
                  ? t("journal.analysis.scopeModel", { model: filters.model })
                  : t("journal.analysis.scopeFollowing")}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      <p className="mt-2 max-w-3xl text-sm text-ink-300">
        {scope === "following" && following.data && !followsNone
          ? t("journal.analysis.leadFollowing", {
              models: following.data.models.join(", "),
              days: String(filters.days),
            })
          : t("journal.analysis.lead", { model: filters.model, days: String(filters.days) })}
      </p>
      {query.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-3 text-sm text-ink-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
          {t("journal.analysis.loading")}
        </p>
      ) : query.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-ink-300">
          <p>{t("journal.analysis.failed")}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t("journal.retry")}
          </button>
        </div>
      ) : followsNone ? (
        <p className="mt-4 text-sm text-ink-300" data-testid="journal-analysis-follows-none">
          {t("journal.analysis.followsNone")}
        </p>
      ) : !analysed || analysed.trades === 0 ? (
        <p className="mt-4 text-sm text-ink-300">{t("journal.analysis.none")}</p>
      ) : (
        <AnalysisBody analysis={analysed} />
      )}
    </section>
  );
}

function AnalysisBody({ analysis }: { analysis: Analysed }) {
  const { t } = useTranslation();
  const interval = analysis.winRateInterval;
  const drawdown = analysis.maxDrawdown;
  const figures: Array<[string, string, ReactNode]> = [
    [
      "expectancy",
      t("journal.analysis.expectancy"),
      analysis.expectancy === null ? (
        "—"
      ) : (
        <>
          <Money value={analysis.expectancy} />
          <span className="text-xs text-ink-400"> {t("journal.analysis.perTradeSuffix")}</span>
        </>
      ),
    ],
    [
      "expectancy-r",
      t("journal.analysis.expectancyR"),
      analysis.expectancyR === null
        ? "—"
        : t("journal.analysis.expectancyRValue", { r: formatNumber(analysis.expectancyR) }),
    ],
    [
      "profit-factor",
      t("journal.analysis.profitFactor"),
      analysis.profitFactor === null ? "—" : formatNumber(analysis.profitFactor),
    ],
    [
      "win-rate",
      t("journal.analysis.winRate"),
      analysis.winRate === null
        ? "—"
        : t("journal.analysis.winRateValue", {
            rate: percent(analysis.winRate),
            wins: String(analysis.wins),
            trades: String(analysis.trades),
          }),
    ],
    [
      "win-rate-interval",
      t("journal.analysis.interval"),
      interval === null
        ? "—"
        : t("journal.analysis.intervalValue", {
            low: percent(interval.low),
            high: percent(interval.high),
          }),
    ],
    ["max-drawdown", t("journal.analysis.maxDrawdown"), formatRupees(drawdown.rupees)],
    [
      "drawdown-length",
      t("journal.analysis.drawdownLength"),
      drawdown.rupees === 0
        ? "—"
        : t(
            drawdown.recoveredTime === null
              ? "journal.analysis.drawdownOpen"
              : "journal.analysis.drawdownLengthValue",
            { trades: String(drawdown.trades), days: String(drawdown.tradingDays) },
          ),
    ],
    [
      "win-streak",
      t("journal.analysis.winStreak"),
      t("journal.analysis.streakValue", { count: String(analysis.longestWinningStreak) }),
    ],
    [
      "loss-streak",
      t("journal.analysis.lossStreak"),
      t("journal.analysis.streakValue", { count: String(analysis.longestLosingStreak) }),
    ],
    [
      "holding",
      t("journal.analysis.holding"),
      t("journal.analysis.holdingValue", {
        average: formatNumber(analysis.averageHoldingMinutes),
        median: formatNumber(analysis.medianHoldingMinutes),
      }),
    ],
    [
      "slippage",
      t("journal.analysis.slippage"),
      t("journal.analysis.slippageValue", {
        total: formatRupees(analysis.slippage),
        average: formatRupees(analysis.averageSlippage),
      }),
    ],
    [
      "excursions",
      t("journal.analysis.excursions"),
      analysis.averageMaeR === null || analysis.averageMfeR === null
        ? "—"
        : t("journal.analysis.excursionsValue", {
            mae: formatNumber(analysis.averageMaeR),
            mfe: formatNumber(analysis.averageMfeR),
          }),
    ],
    [
      "entry-vs-zone",
      t("journal.analysis.entryVsZone"),
      analysis.averageEntryVsZone === null
        ? "—"
        : t("journal.analysis.entryVsZoneValue", {
            value: signed(analysis.averageEntryVsZone),
          }),
    ],
  ];
  return (
    <div className="mt-4 space-y-6">
      <div>
        <h3 className="sr-only">{t("journal.analysis.figures")}</h3>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm min-[420px]:grid-cols-2 lg:grid-cols-4">
          {figures.map(([id, label, value]) => (
            <div key={id} data-testid={`journal-analysis-${id}`}>
              <dt className="text-xs text-ink-400">{label}</dt>
              <dd className="font-medium tabular-nums text-white">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 space-y-1 text-xs leading-relaxed text-ink-400">
          {interval === null ? null : (
            <p data-testid="journal-analysis-interval-note">
              {t("journal.analysis.intervalNote", {
                trades: String(analysis.trades),
                low: percent(interval.low),
                high: percent(interval.high),
              })}
            </p>
          )}
          {analysis.tradesWithoutR > 0 ? (
            <p>{t("journal.analysis.withoutR", { count: String(analysis.tradesWithoutR) })}</p>
          ) : null}
          <p data-testid="journal-analysis-excursions-note">
            {t("journal.analysis.excursionsNote", {
              count: String(analysis.tradesWithExcursions),
              trades: String(analysis.trades),
            })}
          </p>
          <p>{t("journal.analysis.entryVsZoneNote")}</p>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <EquityPart analysis={analysis} />
        <HistogramPart analysis={analysis} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <BucketTable
          id="hour"
          caption={t("journal.analysis.byHour")}
          keyHeading={t("journal.analysis.hour")}
          buckets={analysis.byHour}
          label={hourLabel}
        />
        <BucketTable
          id="weekday"
          caption={t("journal.analysis.byWeekday")}
          keyHeading={t("journal.analysis.weekday")}
          buckets={analysis.byWeekday}
          label={(day) => t(`journal.analysis.weekdays.${day}` as TranslationKey)}
        />
      </div>
      <PerTrade analysis={analysis} />
    </div>
  );
}

/** Draws nothing but its fallback when the chart fails (a canvas the browser refuses, a chunk not loaded). */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function CsvLink({ text, name, label }: { text: string; name: string; label: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={csvHref(text)}
      download={name}
      aria-label={label}
      className={buttonStyles({ variant: "secondary", size: "sm" })}
    >
      <Download aria-hidden="true" className="size-4" />
      {t("journal.analysis.downloadCsv")}
    </a>
  );
}

function fileName(analysis: Analysed, what: string) {
  const slug = analysis.slug;
  return `kalpa-${what}-${slug}-${analysis.days}d.csv`;
}

function EquityPart({ analysis }: { analysis: Analysed }) {
  const { t } = useTranslation();
  const last = analysis.equity.at(-1);
  const label = t("journal.analysis.equityLabel", {
    model: analysis.name,
    count: String(analysis.equity.length),
    end: formatRupees(last?.cumulative ?? 0),
    drawdown: formatRupees(analysis.maxDrawdown.rupees),
  });
  return (
    <figure data-testid="journal-analysis-equity" className="min-w-0">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink-100">{t("journal.analysis.equity")}</h3>
        <CsvLink
          text={equityCsv(analysis)}
          name={fileName(analysis, "equity")}
          label={t("journal.analysis.equityCsv")}
        />
      </div>
      <ChartBoundary
        fallback={<p className="text-sm text-ink-300">{t("journal.analysis.chartFailed")}</p>}
      >
        <Suspense fallback={<div className="h-56 w-full sm:h-64" />}>
          <EquityDrawdownChart equity={analysis.equity} label={label} />
        </Suspense>
      </ChartBoundary>
      <figcaption className="mt-2 text-xs text-ink-400">
        {t("journal.analysis.equityNote")}
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-ink-200">{t("journal.analysis.showTable")}</summary>
        <section
          aria-label={t("journal.analysis.equity")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the keyboard's focus, so arrow keys scroll it.
          tabIndex={0}
          className="mt-2 max-h-72 overflow-auto"
        >
          <table className="w-full text-left text-xs tabular-nums">
            <caption className="sr-only">{t("journal.analysis.equity")}</caption>
            <thead className="text-ink-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t("journal.analysis.exit")}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  {t("journal.analysis.cumulative")}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t("journal.analysis.drawdown")}
                </th>
              </tr>
            </thead>
            <tbody className="text-ink-100">
              {analysis.equity.map((point, index) => (
                // Two exits may share a time: the index keeps the keys apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: points have no id of their own
                <tr key={index} className="border-t border-white/5">
                  <td className="py-1 pr-3">{exitLabel(point.time)}</td>
                  <td className="py-1 pr-3 text-right">{formatRupees(point.cumulative)}</td>
                  <td className="py-1 text-right">{formatRupees(point.drawdown)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}

function HistogramPart({ analysis }: { analysis: Analysed }) {
  const { t } = useTranslation();
  const binLabel = (bin: PaperAnalytics["rHistogram"][number]) =>
    bin.from === null
      ? t("journal.analysis.below", { edge: formatNumber(bin.to) })
      : bin.to === null
        ? t("journal.analysis.above", { edge: formatNumber(bin.from) })
        : t("journal.analysis.between", { from: formatNumber(bin.from), to: formatNumber(bin.to) });
  const most = Math.max(1, ...analysis.rHistogram.map((bin) => bin.count));
  const summary = analysis.rHistogram
    .filter((bin) => bin.count > 0)
    .map((bin) => `${binLabel(bin)}: ${bin.count}`)
    .join("; ");
  return (
    <figure data-testid="journal-analysis-histogram" className="min-w-0">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink-100">{t("journal.analysis.histogram")}</h3>
        <CsvLink
          text={rHistogramCsv(analysis)}
          name={fileName(analysis, "r-distribution")}
          label={t("journal.analysis.histogramCsv")}
        />
      </div>
      {/* Columns, one per bin, from the most negative R to the most positive; losses rose, wins green. */}
      <div
        role="img"
        aria-label={t("journal.analysis.histogramLabel", { summary: summary || "—" })}
        className="flex h-40 items-end gap-1 border-b border-white/10 sm:h-44"
      >
        {analysis.rHistogram.map((bin) => (
          <div
            key={`${bin.from}:${bin.to}`}
            className="flex h-full min-w-0 flex-1 flex-col justify-end"
          >
            <span aria-hidden="true" className="text-center text-[10px] text-ink-400">
              {bin.count > 0 ? bin.count : ""}
            </span>
            <div
              className={
                bin.to !== null && bin.to <= 0
                  ? "rounded-t bg-rose-400/70"
                  : "rounded-t bg-emerald-400/70"
              }
              style={{ height: `${(bin.count / most) * 85}%` }}
            />
          </div>
        ))}
      </div>
      {/* The edges −2 R, 0 and +3 R, under the boundaries between their columns. */}
      <div aria-hidden="true" className="relative mt-1 h-4 text-[10px] text-ink-400">
        {EDGE_MARKS.map(([text, column]) => (
          <span
            key={text}
            className="absolute -translate-x-1/2 whitespace-nowrap"
            style={{ left: `${(column / analysis.rHistogram.length) * 100}%` }}
          >
            {text}
          </span>
        ))}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-ink-200">{t("journal.analysis.showTable")}</summary>
        <table className="mt-2 w-full text-left text-xs tabular-nums">
          <caption className="sr-only">{t("journal.analysis.histogram")}</caption>
          <thead className="text-ink-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("journal.analysis.bin")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("journal.analysis.trades")}
              </th>
            </tr>
          </thead>
          <tbody className="text-ink-100">
            {analysis.rHistogram.map((bin) => (
              <tr key={`${bin.from}:${bin.to}`} className="border-t border-white/5">
                <td className="py-1 pr-3">{binLabel(bin)}</td>
                <td className="py-1 text-right">{bin.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function BucketTable({
  id,
  caption,
  keyHeading,
  buckets,
  label,
}: {
  id: string;
  caption: string;
  keyHeading: string;
  buckets: PaperAnalytics["byHour"];
  label: (key: number) => string;
}) {
  const { t } = useTranslation();
  return (
    // Scrolls sideways on a phone: reachable by keyboard, named by its table's caption.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the keyboard's focus, so arrow keys scroll it.
      tabIndex={0}
      className="min-w-0 overflow-x-auto"
    >
      <table
        data-testid={`journal-analysis-by-${id}`}
        className="w-full text-left text-xs sm:text-sm"
      >
        <caption className="mb-2 text-left text-sm font-semibold text-ink-100">{caption}</caption>
        <thead className="text-xs text-ink-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {keyHeading}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("journal.analysis.trades")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("journal.analysis.wins")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("journal.analysis.net")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("journal.analysis.expectancy")}
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums text-ink-100">
          {buckets.map((bucket) => (
            <tr key={bucket.key} className="border-t border-white/5">
              <th scope="row" className="whitespace-nowrap py-1 pr-3 font-normal">
                {label(bucket.key)}
              </th>
              <td className="py-1 pr-3 text-right">{bucket.trades}</td>
              <td className="py-1 pr-3 text-right">{bucket.wins}</td>
              <td className="py-1 pr-3 text-right">
                <Money value={bucket.net} />
              </td>
              <td className="py-1 text-right">
                <Money value={bucket.expectancy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PerTrade({ analysis }: { analysis: Analysed }) {
  const { t } = useTranslation();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold text-ink-100">
        {t("journal.analysis.perTrade")}
      </summary>
      <section
        aria-label={t("journal.analysis.perTrade")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the keyboard's focus, so arrow keys scroll it.
        tabIndex={0}
        className="mt-2 max-h-96 overflow-auto"
      >
        <table data-testid="journal-analysis-per-trade" className="w-full text-left text-xs">
          <caption className="sr-only">{t("journal.analysis.perTrade")}</caption>
          <thead className="text-ink-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("journal.analysis.exit")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t("journal.analysis.net")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t("journal.analysis.risk")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t("journal.analysis.r")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t("journal.analysis.holdingMinutes")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t("journal.analysis.slippage")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t("journal.analysis.mae")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t("journal.analysis.mfe")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("journal.analysis.entryVsZoneShort")}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums text-ink-100">
            {analysis.perTrade.map((trade) => (
              <tr key={trade.id} className="border-t border-white/5">
                <td className="py-1 pr-3">{exitLabel(trade.exitTime)}</td>
                <td className="py-1 pr-3 text-right">
                  <Money value={trade.net} />
                </td>
                <td className="py-1 pr-3 text-right">{formatRupees(trade.risk)}</td>
                <td className="py-1 pr-3 text-right">{formatNumber(trade.r)}</td>
                <td className="py-1 pr-3 text-right">{trade.holdingMinutes}</td>
                <td className="py-1 pr-3 text-right">{formatRupees(trade.slippage)}</td>
                <td className="py-1 pr-3 text-right">{excursion(trade.mae, trade.maeR)}</td>
                <td className="py-1 pr-3 text-right">{excursion(trade.mfe, trade.mfeR)}</td>
                <td className="py-1 text-right">
                  {trade.entryVsZone === null ? "—" : signed(trade.entryVsZone)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="mt-2">
        <CsvLink
          text={perTradeCsv(analysis)}
          name={fileName(analysis, "trades-analysed")}
          label={t("journal.analysis.perTradeCsv")}
        />
      </div>
    </details>
  );
}

/** A premium excursion per unit with its R beside it ("12.40 (0.62 R)"); a dash when not priced. */
function excursion(value: number | null, r: number | null): string {
  if (value === null) return "—";
  const premium = value.toFixed(2);
  return r === null ? premium : `${premium} (${formatNumber(r)} R)`;
}

/** A signed premium difference: "+0.50", "−0.25", "0.00". */
function signed(value: number): string {
  if (value > 0) return `+${value.toFixed(2)}`;
  if (value < 0) return `−${Math.abs(value).toFixed(2)}`;
  return value.toFixed(2);
}
