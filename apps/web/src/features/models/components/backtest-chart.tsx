import type { RealHistoryModel } from "@kalpa/contracts/api/models";
import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import "@/features/models/i18n/en";

const WIDTH = 600;
const HEIGHT = 200;
const PAD_X = 8;
const PAD_Y = 16;

/**
 * The backtest's equity curve (cumulative net by day) as an SVG line, with the random-entry baseline's
 * 5th–95th percentile band behind it, and zero marked. Screen readers get one sentence with the span, the
 * model's end and the band's end.
 */
export function BacktestChart({ backtest }: { backtest: RealHistoryModel }) {
  const { t } = useTranslation();
  const { equity } = backtest;
  const { random } = backtest.baselines;
  const band = random.equityBand;
  const first = equity[0];
  const last = equity.at(-1);
  const bandEnd = band.at(-1);
  if (!first || !last || equity.length < 2) return null;
  // One x position per day of the curve or the band, in day order.
  const days = [...new Set([...equity.map((p) => p.day), ...band.map((p) => p.day)])].sort();
  const index = new Map(days.map((day, i) => [day, i]));
  const values = [0, ...equity.map((p) => p.net), ...band.flatMap((p) => [p.p5, p.p95])];
  const high = Math.max(...values);
  const low = Math.min(...values);
  const span = high - low || 1;
  const x = (day: string) =>
    PAD_X + ((index.get(day) ?? 0) / Math.max(days.length - 1, 1)) * (WIDTH - 2 * PAD_X);
  const y = (value: number) => PAD_Y + ((high - value) / span) * (HEIGHT - 2 * PAD_Y);
  const point = (day: string, value: number) => `${x(day).toFixed(1)},${y(value).toFixed(1)}`;
  const line = equity.map((p) => point(p.day, p.net)).join(" ");
  const bandPath =
    band.length > 1
      ? `M${band.map((p) => point(p.day, p.p95)).join(" L")} L${[...band]
          .reverse()
          .map((p) => point(p.day, p.p5))
          .join(" L")} Z`
      : undefined;
  const median = band.map((p) => point(p.day, p.p50)).join(" ");
  const up = last.net >= 0;
  const label = t("models.backtest.equityLabel", {
    from: formatDayKey(first.day),
    to: formatDayKey(last.day),
    end: formatRupees(last.net),
    runs: random.runs,
    p5: formatRupees(bandEnd?.p5 ?? random.netPnl.p5),
    p95: formatRupees(bandEnd?.p95 ?? random.netPnl.p95),
  });
  return (
    <figure className="mt-4">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-44 w-full sm:h-56"
        data-testid="backtest-chart"
      >
        {bandPath ? (
          <path d={bandPath} fill="currentColor" className="text-sky-300/15" data-part="band" />
        ) : null}
        {band.length > 1 ? (
          <polyline
            points={median}
            fill="none"
            stroke="currentColor"
            strokeDasharray="4 4"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
            className="text-sky-200/50"
          />
        ) : null}
        <line
          x1={PAD_X}
          x2={WIDTH - PAD_X}
          y1={y(0)}
          y2={y(0)}
          stroke="currentColor"
          className="text-white/25"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={line}
          fill="none"
          stroke={up ? "var(--color-emerald-400)" : "var(--color-rose-400)"}
          strokeWidth="2"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
          data-part="model"
        />
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-ink-300">
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className={up ? "h-0.5 w-5 bg-emerald-400" : "h-0.5 w-5 bg-rose-400"}
          />
          {t("models.backtest.legendModel")}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="h-3 w-5 rounded-sm bg-sky-300/25" />
          {t("models.backtest.legendBand")}
        </span>
        <span className="ml-auto tabular-nums">
          {`${formatDayKey(first.day)} – ${formatDayKey(last.day)}`}
        </span>
      </figcaption>
    </figure>
  );
}
