import type { PaperStats } from "@kalpa/contracts/api/paper";
import { LoaderCircle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { formatNumber, formatRupees } from "@/lib/format";
import { usePaperStats } from "../api/get-paper-stats";
import type { JournalFilters } from "../utils/journal-filters";
import { Money } from "./day-groups";
import { DecisionToSend } from "./decision-to-send";
import { EquityCurve } from "./equity-curve";
import "@/features/journal/i18n/en";

/** The track record of the selected model and period: the figures, then the equity curve. */
export function JournalStats({ filters }: { filters: JournalFilters }) {
  const { t } = useTranslation();
  const stats = usePaperStats(filters);
  return (
    <section
      aria-labelledby="journal-stats-heading"
      className="rounded-2xl border border-white/10 bg-ink-900/70 p-4 sm:p-5"
    >
      <h2 id="journal-stats-heading" className="text-lg font-semibold text-white">
        {t("journal.stats.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-300">
        {t("journal.stats.lead", { model: filters.model, days: String(filters.days) })}
      </p>
      <DecisionToSend model={filters.model} className="mt-2" />
      {stats.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-3 text-sm text-ink-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
          {t("journal.stats.loading")}
        </p>
      ) : stats.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-ink-300">
          <p>{t("journal.stats.failed")}</p>
          <button
            type="button"
            onClick={() => void stats.refetch()}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t("journal.retry")}
          </button>
        </div>
      ) : stats.data.trades === 0 ? (
        <p className="mt-4 text-sm text-ink-300">{t("journal.stats.none")}</p>
      ) : (
        <StatsBody stats={stats.data} />
      )}
    </section>
  );
}

function StatsBody({ stats }: { stats: PaperStats }) {
  const { t } = useTranslation();
  const money = (value: number | null) => (value === null ? "—" : <Money value={value} />);
  const day = (best: PaperStats["bestDay"]) =>
    best === null ? (
      "—"
    ) : (
      <>
        <Money value={best.net} />{" "}
        <span className="text-xs text-ink-400">{formatDayKey(best.day)}</span>
      </>
    );
  const rows: Array<[string, string, ReactNode]> = [
    [
      "trades",
      t("journal.stats.trades"),
      t("journal.stats.tradesValue", {
        trades: String(stats.trades),
        wins: String(stats.wins),
        losses: String(stats.losses),
      }),
    ],
    [
      "win-rate",
      t("journal.stats.winRate"),
      stats.winRate === null ? "—" : `${formatNumber(stats.winRate * 100)}%`,
    ],
    ["average-win", t("journal.stats.averageWin"), money(stats.averageWin)],
    ["average-loss", t("journal.stats.averageLoss"), money(stats.averageLoss)],
    [
      "profit-factor",
      t("journal.stats.profitFactor"),
      stats.profitFactor === null ? "—" : formatNumber(stats.profitFactor),
    ],
    ["expectancy", t("journal.stats.expectancy"), money(stats.expectancy)],
    [
      "max-drawdown",
      t("journal.stats.maxDrawdown"),
      <span key="dd" className="font-medium tabular-nums text-white">
        {formatRupees(stats.maxDrawdown)}
      </span>,
    ],
    ["best-day", t("journal.stats.bestDay"), day(stats.bestDay)],
    ["worst-day", t("journal.stats.worstDay"), day(stats.worstDay)],
    [
      "stops-past-limit",
      t("journal.stats.stopsPastLimit"),
      t("journal.stats.stopsPastLimitValue", {
        pastLimit: String(stats.stopsPastLimit),
        triggered: String(stats.stopsTriggered),
        squaredOff: String(stats.stopsSquaredOff),
      }),
    ],
  ];
  const plain = (id: string, value: number) => (
    <span key={id} className="font-medium tabular-nums text-white">
      {formatRupees(value)}
    </span>
  );
  // The money of the period, in the order it adds up: slippage inside gross, gross less charges is net.
  const totals: Array<[string, string, ReactNode]> = [
    ["slippage", t("journal.stats.slippage"), plain("slippage", stats.slippage)],
    ["gross", t("journal.stats.gross"), money(stats.gross)],
    ["charges", t("journal.stats.charges"), plain("charges", stats.charges)],
    ["net", t("journal.stats.net"), money(stats.net)],
  ];
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          {rows.map(([id, label, value]) => (
            <StatItem key={id} id={id} label={label} value={value} />
          ))}
        </dl>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-white/10 pt-4 text-sm sm:grid-cols-4">
          {totals.map(([id, label, value]) => (
            <StatItem key={id} id={id} label={label} value={value} />
          ))}
        </dl>
        <p data-testid="journal-stats-note" className="mt-3 text-xs leading-relaxed text-ink-400">
          {t("journal.stats.slippageNote")}
          {stats.ratesAsOf === null ? null : (
            <>
              {" "}
              <span data-testid="journal-rates-as-of" className="block">
                {t("journal.stats.ratesAsOf", { date: formatDayKey(stats.ratesAsOf) })}
              </span>
            </>
          )}
        </p>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-100">{t("journal.equity.heading")}</h3>
        <EquityCurve stats={stats} />
      </div>
    </div>
  );
}

function StatItem({ id, label, value }: { id: string; label: string; value: ReactNode }) {
  return (
    <div data-testid={`journal-stat-${id}`}>
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="font-medium tabular-nums text-white">{value}</dd>
    </div>
  );
}
