import type { SignalWire } from "@kalpa/contracts/signals";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDayKey } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import { formatClockTime, formatZone, type StatusKey, statusKey } from "@/lib/signal-format";
import { useAdminSignals } from "../api/get-signals";
import { signalContract } from "../utils/signal-view";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import "@/features/admin/i18n/en";
import { Figure } from "./figure";

const STATUS_TONES: Record<StatusKey, string> = {
  generated: "border-sky-300/30 bg-sky-300/10 text-sky-100",
  triggered: "border-accent-400/40 bg-accent-400/10 text-accent-200",
  target: "border-emerald-300/30 bg-emerald-300/10 text-emerald-200",
  stop: "border-rose-300/30 bg-rose-300/10 text-rose-200",
  eod: "border-white/15 bg-white/5 text-ink-100",
  expiry: "border-white/15 bg-white/5 text-ink-100",
  closed: "border-white/15 bg-white/5 text-ink-100",
  cancelled: "border-white/10 bg-transparent text-ink-300",
};

/**
 * The Signals panel: the engine's state and, for each model, its latest signal of the market day (or that
 * it has none yet), fetched again every few seconds while the panel is on screen.
 */
export function SignalsPanel() {
  const { t } = useTranslation();
  const signals = useAdminSignals();
  const data = signals.data;
  const engine =
    data?.engineRunning === true
      ? { label: t("admin.signals.engineRunning"), dot: "bg-emerald-400" }
      : data?.engineRunning === false
        ? { label: t("admin.signals.engineStopped"), dot: "bg-rose-400" }
        : { label: t("admin.signals.engineUnknown"), dot: "bg-ink-400" };
  return (
    <Panel
      id="admin-signals"
      title={t("admin.signals.heading")}
      lead={data ? t("admin.signals.lead", { day: formatDayKey(data.day, "en") }) : undefined}
    >
      {data ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
            <p className="flex items-center gap-2 text-ink-200">
              <span aria-hidden="true" className={cn("size-2 rounded-full", engine.dot)} />
              {t("admin.signals.engine")}:{" "}
              <span className="font-medium text-white">{engine.label}</span>
            </p>
            <p className="text-xs text-ink-400">
              {t("admin.signals.updated", { time: formatClockTime(signals.dataUpdatedAt) })}
            </p>
          </div>
          <ul className="mt-4 grid gap-3 lg:grid-cols-2">
            {data.signals.map(({ model, signal }) => (
              <li key={model}>
                <SignalCard model={model} signal={signal} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <QueryState error={signals.error} onRetry={() => void signals.refetch()} />
      )}
    </Panel>
  );
}

function SignalCard({ model, signal }: { model: string; signal: SignalWire | null }) {
  const { t } = useTranslation();
  const headingId = `admin-signal-${model.replace(/[^A-Za-z0-9]/g, "-")}`;
  return (
    <article
      aria-labelledby={headingId}
      className="h-full rounded-xl border border-white/10 bg-white/[0.03] p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-mono text-sm font-semibold break-all text-white">
          {model}
        </h3>
        {signal ? (
          <span
            className={cn(
              "rounded-full border px-2.5 py-0.5 text-xs font-medium",
              STATUS_TONES[statusKey(signal)],
            )}
          >
            {t(`admin.signals.statuses.${statusKey(signal)}`)}
          </span>
        ) : null}
      </div>
      {signal ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <Figure label={t("admin.signals.contract")} className="col-span-2 sm:col-span-3">
            {signalContract(signal)}{" "}
            <span className="font-sans text-xs font-normal text-ink-400">
              {t("admin.signals.lots", { lots: signal.lots, lotSize: signal.lotSize })}
            </span>
          </Figure>
          <Figure label={t("admin.signals.entryZone")} className="col-span-2 sm:col-span-1">
            {formatZone(signal.entryLow, signal.entryHigh)}
          </Figure>
          <Figure label={t("admin.signals.target")}>{formatRupees(signal.target)}</Figure>
          <Figure label={t("admin.signals.stopLoss")}>{formatRupees(signal.stopLoss)}</Figure>
          <Figure label={t("admin.signals.ltp")}>{formatRupees(signal.ltp)}</Figure>
          <Figure
            label={t("admin.signals.pnl")}
            className={
              signal.pnl === null
                ? undefined
                : signal.pnl >= 0
                  ? "[&>dd]:text-emerald-300"
                  : "[&>dd]:text-rose-300"
            }
          >
            {formatRupees(signal.pnl)}
          </Figure>
          <Figure label={t("admin.signals.generated")}>
            <time dateTime={new Date(signal.generatedAt).toISOString()}>
              {formatClockTime(signal.generatedAt)}
            </time>
          </Figure>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-ink-400">{t("admin.signals.none")}</p>
      )}
    </article>
  );
}
