import type { PaperStats } from "@kalpa/contracts/api/paper";
import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import "@/features/journal/i18n/en";

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 8;
/** Room above and below the line for the scale's labels. */
const PAD_Y = 22;

/**
 * The cumulative net P&L, one point per day with trades, drawn as a plain SVG line from zero (the start of
 * the period). Screen readers get one sentence with its span, end, high and low.
 */
export function EquityCurve({ stats }: { stats: PaperStats }) {
  const { t } = useTranslation();
  const points = stats.equity;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) {
    return <p className="text-sm text-ink-300">{t("journal.equity.tooFew")}</p>;
  }
  const values = [0, ...points.map((point) => point.cumulative)];
  const high = Math.max(...values);
  const low = Math.min(...values);
  const span = high - low || 1;
  const x = (index: number) => PAD + (index / (values.length - 1)) * (WIDTH - 2 * PAD);
  const y = (value: number) => PAD_Y + ((high - value) / span) * (HEIGHT - 2 * PAD_Y);
  const line = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`);
  const area = `M${x(0)},${y(0)} L${line.join(" L")} L${x(values.length - 1)},${y(0)} Z`;
  const up = last.cumulative >= 0;
  const stroke = up ? "var(--color-emerald-400)" : "var(--color-rose-400)";
  const label = t("journal.equity.label", {
    model: stats.model,
    points: String(points.length),
    from: formatDayKey(first.day),
    to: formatDayKey(last.day),
    end: formatRupees(last.cumulative),
    high: formatRupees(Math.max(...points.map((point) => point.cumulative))),
    low: formatRupees(Math.min(...points.map((point) => point.cumulative))),
  });
  return (
    <figure>
      <div className="relative">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full sm:h-44"
        >
          <line
            x1={PAD}
            x2={WIDTH - PAD}
            y1={y(0)}
            y2={y(0)}
            stroke="currentColor"
            className="text-white/20"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
          <path d={area} fill={stroke} fillOpacity={0.12} />
          <polyline
            points={line.join(" ")}
            fill="none"
            stroke={stroke}
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {/* The scale: the highest and lowest cumulative value, and where it ended. */}
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 text-xs tabular-nums text-ink-400"
        >
          {formatRupees(high)}
        </span>
        <span
          aria-hidden="true"
          className="absolute bottom-0 left-0 text-xs tabular-nums text-ink-400"
        >
          {formatRupees(low)}
        </span>
      </div>
      <figcaption
        aria-hidden="true"
        className="mt-2 flex justify-between gap-3 text-xs tabular-nums text-ink-400"
      >
        <span>{formatDayKey(first.day)}</span>
        <span>
          {formatDayKey(last.day)}:{" "}
          <span className={up ? "text-emerald-300" : "text-rose-300"}>
            {formatRupees(last.cumulative)}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
