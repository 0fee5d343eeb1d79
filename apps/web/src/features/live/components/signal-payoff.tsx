/**
 * The signal's payoff card (issue 37), beside the signal on the live screen: the P&L of its position at
 * expiry and today (with the time left) over a range of the underlying, from GET /api/signals/:id/payoff;
 * the break-even and the maximum loss in words; the underlying levels at which today's model price would
 * reach the entry zone, the target and the stop, as markers and in a list; the same values in a table (in a
 * <details>) and as a CSV download. The chart's code and library load on demand.
 */
import type { SignalPayoff as Payoff, SignalWire } from "@kalpa/contracts/signals";
import { Download, LoaderCircle, TriangleAlert } from "lucide-react";
import { Component, lazy, type ReactNode, Suspense, useMemo } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { type Translate, useTranslation } from "@/i18n";
import { formatNumber, formatRupees } from "@/lib/format";
import { useSignalPayoff } from "../api/get-signal-payoff";
import { CHART_COLORS } from "../utils/chart-colors";
import type { PayoffChartMarker, PayoffCurvePoint } from "./signal-payoff-chart";
import "@/features/live/i18n/payoff-en";

const SignalPayoffChart = lazy(() => import("./signal-payoff-chart"));

const DAY_MS = 24 * 60 * 60 * 1000;
const CHART_HEIGHT = "h-64 sm:h-72";
/** Rows of the range in the table, besides the marked levels. */
const TABLE_GRID_ROWS = 12;
/** The expiry and today colours (as the chart draws them). */
const EXPIRY_COLOR = "#c4b5fd";
const TODAY_COLOR = "#fcd34d";

type MarkKind = Payoff["marks"][number]["kind"];

const MARK_LABEL: Record<
  MarkKind,
  "now" | "breakEvenMark" | "entryLow" | "entryHigh" | "target" | "stop"
> = {
  now: "now",
  "break-even": "breakEvenMark",
  "entry-low": "entryLow",
  "entry-high": "entryHigh",
  target: "target",
  stop: "stop",
};

export function timeLeft(t: Translate, ms: number): string {
  if (ms <= 0) return t("payoff.expired");
  if (ms < DAY_MS) return t("payoff.underADayLeft");
  const days = Math.floor(ms / DAY_MS);
  return days === 1 ? t("payoff.dayLeft") : t("payoff.daysLeft", { count: days });
}

function markLabel(t: Translate, kind: MarkKind, symbol: string): string {
  return kind === "now" ? t("payoff.now", { symbol }) : t(`payoff.${MARK_LABEL[kind]}`);
}

const level = (value: number) => formatNumber(Math.round(value * 100) / 100);

interface Row {
  underlying: number;
  pnlAtExpiry: number;
  pnlToday: number;
  note: string;
}

/** About a dozen evenly spaced points of the range, and every marked level, by the underlying. */
export function tableRows(payoff: Payoff, t: Translate, symbol: string): Row[] {
  const { points } = payoff;
  const rows: Row[] = [];
  const step = Math.max(1, Math.round((points.length - 1) / (TABLE_GRID_ROWS - 1)));
  for (let i = 0; i < points.length; i += step) {
    const point = points[i];
    if (point) rows.push({ ...point, note: "" });
  }
  const last = points.at(-1);
  if (last && rows.at(-1)?.underlying !== last.underlying) rows.push({ ...last, note: "" });
  for (const mark of payoff.marks) {
    rows.push({ ...mark, note: markLabel(t, mark.kind, symbol) });
  }
  return rows.sort((a, b) => a.underlying - b.underlying);
}

/** Every point of the range and every marked level as CSV (rupees, net of charges). */
export function payoffCsv(payoff: Payoff, t: Translate, symbol: string): string {
  const rows: Row[] = [
    ...payoff.points.map((point) => ({ ...point, note: "" })),
    ...payoff.marks.map((mark) => ({ ...mark, note: markLabel(t, mark.kind, symbol) })),
  ].sort((a, b) => a.underlying - b.underlying);
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [
    ["underlying", "pnl_at_expiry", "pnl_today", "level"].join(","),
    ...rows.map((row) =>
      [
        row.underlying.toFixed(2),
        row.pnlAtExpiry.toFixed(2),
        row.pnlToday.toFixed(2),
        quote(row.note),
      ].join(","),
    ),
  ];
  return `${lines.join("\n")}\n`;
}

/** The curves' points with the marks merged in (the chart puts a marker only on a point of its series). */
function curvePoints(payoff: Payoff): PayoffCurvePoint[] {
  const byLevel = new Map<number, PayoffCurvePoint>();
  for (const point of [...payoff.points, ...payoff.marks]) {
    const { underlying, pnlAtExpiry, pnlToday } = point;
    if (!byLevel.has(underlying)) byLevel.set(underlying, { underlying, pnlAtExpiry, pnlToday });
  }
  return [...byLevel.values()].sort((a, b) => a.underlying - b.underlying);
}

function chartMarkers(payoff: Payoff, t: Translate): PayoffChartMarker[] {
  const first = payoff.points[0]?.underlying ?? 0;
  const last = payoff.points.at(-1)?.underlying ?? 0;
  const shown: Partial<Record<MarkKind, { color: string; text: string; below: boolean }>> = {
    now: { color: TODAY_COLOR, text: t("payoff.markerNow"), below: true },
    "break-even": { color: CHART_COLORS.text, text: t("payoff.markerBreakEven"), below: true },
    "entry-high": { color: CHART_COLORS.entry, text: t("payoff.markerEntry"), below: false },
    target: { color: CHART_COLORS.target, text: t("payoff.markerTarget"), below: false },
    stop: { color: CHART_COLORS.stop, text: t("payoff.markerStop"), below: false },
  };
  return payoff.marks.flatMap((mark) => {
    const style = shown[mark.kind];
    if (!style || mark.underlying < first || mark.underlying > last) return [];
    return [
      {
        underlying: mark.underlying,
        color: style.color,
        text: style.text,
        position: style.below ? ("belowBar" as const) : ("aboveBar" as const),
      },
    ];
  });
}

/** If the chart's code cannot be fetched, the card says so; its words and table stay. */
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

function Message({ kind, children }: { kind: "loading" | "error"; children: ReactNode }) {
  const Icon = kind === "loading" ? LoaderCircle : TriangleAlert;
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
            : "size-6 text-amber-300"
        }
      />
      {children}
    </div>
  );
}

function Legend({ left, markers }: { left: string; markers: readonly PayoffChartMarker[] }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-300">
      <li className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="h-0 w-4 border-t-2"
          style={{ borderColor: EXPIRY_COLOR }}
        />
        {t("payoff.atExpiry")}
      </li>
      <li className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="h-0 w-4 border-t-2"
          style={{ borderColor: TODAY_COLOR }}
        />
        {t("payoff.today", { left })}
      </li>
      {markers.map((marker) => (
        <li key={marker.text} className="flex items-center gap-1.5">
          <span aria-hidden="true" style={{ color: marker.color }}>
            {marker.position === "aboveBar" ? "▼" : "▲"}
          </span>
          {marker.text}
        </li>
      ))}
    </ul>
  );
}

function PayoffBody({ payoff, signal }: { payoff: Payoff; signal: SignalWire }) {
  const { t } = useTranslation();
  const symbol = signal.symbol;
  const left = timeLeft(t, payoff.msToExpiry);
  const points = useMemo(() => curvePoints(payoff), [payoff]);
  const markers = useMemo(() => chartMarkers(payoff, t), [payoff, t]);
  const rows = useMemo(() => tableRows(payoff, t, symbol), [payoff, t, symbol]);
  const csv = useMemo(() => payoffCsv(payoff, t, symbol), [payoff, t, symbol]);
  const pnls = payoff.points.flatMap((p) => [p.pnlAtExpiry, p.pnlToday]);
  const label = t("payoff.chartLabel", {
    contract: payoff.contract,
    symbol,
    lowPnl: formatRupees(Math.min(...pnls)),
    highPnl: formatRupees(Math.max(...pnls)),
    from: level(payoff.points[0]?.underlying ?? 0),
    to: level(payoff.points.at(-1)?.underlying ?? 0),
  });
  const call = payoff.optionType === "CE";
  const fileName = `kalpa-payoff-${payoff.contract.replace(/\s+/g, "-").toLowerCase()}.csv`;
  return (
    <>
      <ChartBoundary fallback={<Message kind="error">{t("payoff.failed")}</Message>}>
        <Suspense fallback={<Message kind="loading">{t("payoff.loading")}</Message>}>
          <SignalPayoffChart
            points={points}
            markers={markers}
            maxLoss={payoff.maxLoss}
            maxLossTitle={t("payoff.maxLossLine")}
            label={label}
            className={CHART_HEIGHT}
          />
        </Suspense>
      </ChartBoundary>
      <Legend left={left} markers={markers} />
      <div className="mt-4 space-y-2 text-sm text-ink-100">
        <p>
          {t("payoff.breakEven", {
            symbol,
            level: level(payoff.breakEven),
            strike: level(payoff.strike),
            sign: call ? "+" : "−",
            premium: formatRupees(payoff.premiumPaid),
            withCharges: level(payoff.breakEvenAfterCharges),
          })}
        </p>
        <p>
          {t("payoff.maxLoss", {
            loss: formatRupees(payoff.maxLoss),
            premium: formatRupees(payoff.premiumPaid),
            quantity: payoff.quantity,
            charges: formatRupees(payoff.charges),
          })}
        </p>
        <p className="text-ink-300">
          {payoff.premiumFrom === "entry"
            ? t("payoff.premiumEntry", { premium: formatRupees(payoff.premiumPaid) })
            : t("payoff.premiumZone", { premium: formatRupees(payoff.premiumPaid) })}
        </p>
      </div>
      <LevelList payoff={payoff} signal={signal} />
      <p className="mt-3 text-xs text-ink-400">
        {t("payoff.modelNote", {
          volatility: `${(payoff.volatility * 100).toFixed(1)}%`,
        })}
      </p>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <details className="min-w-0 flex-1 basis-full rounded-xl border border-white/10 bg-white/[0.02] p-3">
          <summary className="cursor-pointer text-sm font-medium text-white">
            {t("payoff.tableSummary")}
          </summary>
          {/* Focusable, so a keyboard can scroll it where it is wider than the screen. */}
          <section
            className="mt-3 overflow-x-auto"
            aria-label={t("payoff.tableSummary")}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus.
            tabIndex={0}
          >
            <table className="w-full text-left text-xs whitespace-nowrap tabular-nums">
              <caption className="mb-2 text-left whitespace-normal text-ink-300">
                {t("payoff.tableCaption", { contract: payoff.contract, symbol })}
              </caption>
              <thead>
                <tr className="text-ink-300">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("payoff.columnUnderlying", { symbol })}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("payoff.columnExpiry")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("payoff.columnToday")}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t("payoff.columnNote")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={`${row.underlying}-${row.note}`}
                    className={row.note ? "text-white" : "text-ink-100"}
                  >
                    <th scope="row" className="py-1 pr-3 font-mono font-normal">
                      {level(row.underlying)}
                    </th>
                    <td className="py-1 pr-3 font-mono">{formatRupees(row.pnlAtExpiry)}</td>
                    <td className="py-1 pr-3 font-mono">{formatRupees(row.pnlToday)}</td>
                    <td className="py-1">{row.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </details>
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`}
          download={fileName}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <Download aria-hidden="true" className="size-4" />
          {t("payoff.download")}
        </a>
      </div>
    </>
  );
}

function LevelList({ payoff, signal }: { payoff: Payoff; signal: SignalWire }) {
  const { t } = useTranslation();
  const symbol = signal.symbol;
  const items = [
    {
      key: "entryLow",
      label: t("payoff.entryLow"),
      premium: signal.entryLow,
      at: payoff.levels.entryLow,
    },
    {
      key: "entryHigh",
      label: t("payoff.entryHigh"),
      premium: signal.entryHigh,
      at: payoff.levels.entryHigh,
    },
    { key: "target", label: t("payoff.target"), premium: signal.target, at: payoff.levels.target },
    { key: "stop", label: t("payoff.stop"), premium: signal.stopLoss, at: payoff.levels.stopLoss },
  ];
  return (
    <div className="mt-4">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-ink-300">
        {t("payoff.levelsHeading")}
      </h4>
      <ul className="mt-2 grid gap-1 text-sm text-ink-100 sm:grid-cols-2">
        <li>{t("payoff.nowLine", { symbol, level: level(payoff.underlying) })}</li>
        {items.map((item) => (
          <li key={item.key}>
            {item.at === null
              ? t("payoff.levelNotReached", {
                  label: item.label,
                  premium: formatRupees(item.premium),
                  symbol,
                })
              : t("payoff.levelLine", {
                  label: item.label,
                  premium: formatRupees(item.premium),
                  symbol,
                  level: level(item.at),
                })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The payoff card of the signal shown, or nothing while there is none. */
export function SignalPayoff({ signal }: { signal: SignalWire | null }) {
  const { t } = useTranslation();
  const query = useSignalPayoff(signal?.id ?? null, signal?.entryPrice ?? null);
  if (!signal) return null;
  const payoff = query.data;
  const headingId = `payoff-${signal.id.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  return (
    <section
      data-testid="signal-payoff"
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-white/10 bg-ink-900/70 p-4 shadow-xl shadow-black/30 sm:p-5"
    >
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-sm font-semibold text-white">
          {t("payoff.title")}
        </h3>
        {payoff ? (
          <p className="font-mono text-xs text-ink-300">
            {t("payoff.subtitle", { contract: payoff.contract, quantity: payoff.quantity })}
          </p>
        ) : null}
      </header>
      {payoff ? (
        <PayoffBody payoff={payoff} signal={signal} />
      ) : query.isError ? (
        <Message kind="error">
          <p>{t("payoff.failed")}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            {t("payoff.retry")}
          </button>
        </Message>
      ) : (
        <Message kind="loading">{t("payoff.loading")}</Message>
      )}
    </section>
  );
}
