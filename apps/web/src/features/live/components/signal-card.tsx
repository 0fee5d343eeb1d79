import { RISK_LEVEL } from "@kalpa/contracts/constants";
import type { ModelId } from "@kalpa/contracts/names";
import { type PriceSource, type SignalWire, stopFillOf } from "@kalpa/contracts/signals";
import { ArrowDownRight, ArrowUpRight, Clock3, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { modelCardPath, versionLabel } from "@/features/models/utils/model-version";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDayKey } from "@/lib/dates";
import { formatNumber, formatRupees } from "@/lib/format";
import { modelName } from "../utils/live-routes";
import {
  formatClockTime,
  formatInstant,
  formatZone,
  pnlTone,
  type StatusKey,
  statusKey,
} from "../utils/signal-view";
import { SignalTiming } from "./signal-timing";
import "@/features/live/i18n/en";

const STATUS_STYLES: Record<StatusKey, string> = {
  generated: "border-sky-300/30 bg-sky-300/10 text-sky-100",
  triggered: "border-amber-300/40 bg-amber-300/10 text-amber-100",
  target: "border-accent-400/40 bg-accent-400/10 text-accent-200",
  stop: "border-rose-400/40 bg-rose-400/10 text-rose-200",
  eod: "border-white/15 bg-white/5 text-ink-100",
  expiry: "border-white/15 bg-white/5 text-ink-100",
  closed: "border-white/15 bg-white/5 text-ink-100",
  cancelled: "border-white/15 bg-white/5 text-ink-300",
};

const TONE_STYLES = {
  profit: "text-accent-400",
  loss: "text-rose-400",
  none: "text-ink-300",
} as const;

/** The operator's research-analyst registration, named on each card (SEBI's per-call disclosure). */
export interface SignalAnalyst {
  name: string;
  registrationNumber: string;
}

export interface MarketStatusView {
  exchange: string;
  active: boolean;
  /** The exchange is open but a broker's feed is down: its prices are not live (never shown as Active). */
  stale?: boolean;
}

function Field({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0 rounded-xl border border-white/5 bg-white/[0.03] p-3", className)}>
      <dt className="text-xs font-medium tracking-wide text-ink-400">{label}</dt>
      <dd className="mt-1 font-mono text-sm text-ink-50 tabular-nums break-words sm:text-base">
        {children}
      </dd>
    </div>
  );
}

/**
 * Where the card's premium, LTP and P/L come from, small and quiet: "Broker quote" (the contract's own
 * quote), "Recorded price" (a replay's recorded trades of the contract: never called live) or "Model
 * price" (the option pricer's, from the underlying), explained on hover and to screen readers; nothing
 * when the server does not say.
 */
function PriceSourceLabel({
  source,
  recorded,
}: {
  source: PriceSource | undefined;
  recorded: boolean;
}) {
  const { t } = useTranslation();
  if (!source) return null;
  const key = source === "quote" && recorded ? "recorded" : source;
  const hint = t(`live.card.priceSource.${key}Hint`);
  return (
    <p
      data-testid="price-source"
      data-source={source}
      title={hint}
      className="mt-1 text-xs text-ink-400"
    >
      {t(`live.card.priceSource.${key}`)}
      <span className="sr-only">{`: ${hint}`}</span>
    </p>
  );
}

/** Which of the card's fill phrases (live.card.fill.*) a signal's paper trade fills by, and its ticks. */
type FillKey = "quote" | "recorded" | "model" | "modelOneTick" | "modelTicks";

function fillOf(signal: SignalWire, recorded: boolean): { key: FillKey; ticks: number } | null {
  if (!signal.priceSource) return null;
  if (signal.priceSource === "quote") return { key: recorded ? "recorded" : "quote", ticks: 0 };
  const ticks = signal.slippageTicks ?? 0;
  if (ticks <= 0) return { key: "model", ticks: 0 };
  return { key: ticks === 1 ? "modelOneTick" : "modelTicks", ticks };
}

/**
 * How the paper trade fills (docs/models.md "Fills"): at the broker's bid and ask, or at the model price
 * with its ticks of slippage each way, explained on hover and to screen readers; then, once entered, what
 * the fills have cost so far against their reference prices (already inside the gross P&L). Nothing when
 * the server does not say where the prices come from (older signals).
 */
function FillFacts({ signal, recorded }: { signal: SignalWire; recorded: boolean }) {
  const { t } = useTranslation();
  const fill = fillOf(signal, recorded);
  const slippage = typeof signal.slippage === "number" ? signal.slippage : null;
  if (!fill && slippage === null) return null;
  const open = signal.status === "triggered";
  const values = { ticks: fill?.ticks ?? 0 };
  const fillHint = fill ? t(`live.card.fill.${fill.key}Hint`, values) : "";
  const slippageHint = t("live.card.slippageHint");
  return (
    <dl className="flex basis-full flex-wrap gap-x-6 gap-y-2 border-t border-white/10 pt-3 text-xs">
      {fill ? (
        <div className="flex min-w-0 items-baseline gap-2">
          <dt className="text-ink-400">{t("live.card.fills")}</dt>
          <dd
            data-testid="signal-fills"
            data-basis={signal.priceSource}
            title={fillHint}
            className="font-medium text-ink-100"
          >
            {t(`live.card.fill.${fill.key}`, values)}
            <span className="sr-only">{`: ${fillHint}`}</span>
          </dd>
        </div>
      ) : null}
      {slippage !== null && signal.entryPrice !== null ? (
        <div className="flex min-w-0 items-baseline gap-2">
          <dt className="text-ink-400">
            {open ? t("live.card.slippageSoFar") : t("live.card.slippage")}
          </dt>
          <dd
            data-testid="signal-slippage"
            title={slippageHint}
            className="font-mono font-medium text-ink-100 tabular-nums"
          >
            {formatRupees(slippage)}
            <span className="sr-only">{`: ${slippageHint}`}</span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * What became of the stop once it triggered (docs/models.md "Fills"): filled within its limit, resting
 * after the price gapped below the limit (the trade still open), filled at the limit after resting, or
 * squared off while resting; with the trigger time, and the limit in the explanation. Nothing before the
 * stop triggers, nor on signals made before stops were recorded.
 */
function StopFacts({ signal }: { signal: SignalWire }) {
  const { t } = useTranslation();
  const fill = stopFillOf(signal);
  if (fill === null || typeof signal.stopTriggeredAt !== "number") return null;
  const hint = t(`live.card.stopFill.${fill}Hint`, {
    limit: typeof signal.stopLimit === "number" ? formatRupees(signal.stopLimit) : "—",
  });
  const resting = fill === "resting";
  return (
    <p
      data-testid="signal-stop"
      data-stop={fill}
      role={resting ? "status" : undefined}
      className={cn(
        "basis-full rounded-lg border px-3 py-2 text-sm",
        resting || fill === "squared-off"
          ? "border-amber-300/40 bg-amber-300/10 text-amber-100"
          : "border-white/10 bg-white/[0.03] text-ink-100",
      )}
    >
      <span className="font-medium">{t(`live.card.stopFill.${fill}`)}</span>{" "}
      <span className="text-ink-300">
        {t("live.card.stopTriggeredAt", { time: formatClockTime(signal.stopTriggeredAt) })}
      </span>
      <span className="mt-0.5 block text-xs text-ink-300">{hint}</span>
    </p>
  );
}

/**
 * The card's footer: who generated it (and which version of the model, linked to its card; with the
 * operator's research-analyst registration, the analyst, its number and that an algorithm made the call),
 * the exchange's market status and the fixed risk level.
 */
function CardFacts({
  model,
  market,
  version,
  analyst,
}: {
  model: ModelId;
  market: MarketStatusView;
  /** The signal's model version; none before the day's first signal. */
  version?: string;
  analyst: SignalAnalyst | null;
}) {
  const { t } = useTranslation();
  const state = !market.active ? "inactive" : market.stale ? "stale" : "active";
  return (
    <div className="grid gap-3 border-t border-white/10 pt-4 text-sm sm:grid-cols-3">
      <div className="flex items-start gap-2 text-ink-200">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
        <div className="min-w-0">
          <p>{t("live.card.generatedBy", { model: modelName(model) })}</p>
          {version ? (
            <Link
              to={modelCardPath(model)}
              data-testid="signal-model-version"
              className="text-xs text-ink-400 underline-offset-2 hover:text-ink-200 hover:underline"
            >
              {versionLabel(t, version)}
            </Link>
          ) : null}
          {analyst ? (
            <p data-testid="signal-analyst" className="mt-1 text-xs text-ink-300">
              {t("live.card.analyst", {
                name: analyst.name,
                number: analyst.registrationNumber,
              })}
              <span className="block text-ink-400">{t("live.card.algorithm")}</span>
            </p>
          ) : null}
        </div>
      </div>
      <dl className="contents">
        <div className="flex items-center gap-2">
          <dt className="text-ink-400">{t("live.card.marketStatus")}</dt>
          <dd
            data-state={state}
            className={cn(
              "inline-flex items-center gap-1.5 font-medium",
              state === "active" && "text-accent-300",
              state === "stale" && "text-rose-200",
              state === "inactive" && "text-ink-300",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "size-2 rounded-full",
                state === "active" && "bg-accent-400",
                state === "stale" && "border border-rose-300",
                state === "inactive" && "bg-ink-500",
              )}
            />
            {`${market.exchange} · ${t(`live.card.${state}`)}`}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-ink-400">{t("live.card.riskLevel")}</dt>
          <dd className="font-medium text-amber-200">{RISK_LEVEL}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The live signal card (spec section 2): every field of the model's signal, CE in a buy style and PE in a
 * sell style, its status, the Result & Counter in green (P/L >= 0) or red (gross, before charges; marked
 * at the bid while the trade is open), the live LTP (and whether the prices are the broker's quote or the
 * model's), what became of its stop once triggered, how the paper trade fills and its slippage so far, and
 * the model's reason, and its Timing detail (each transition's ledger entry and latency stamps). Without a
 * signal (before the day's first), an empty state in the same frame.
 */
export function SignalCard({
  model,
  signal,
  market,
  loading = false,
  unavailable = false,
  recorded = false,
  onTimingOpen,
  analyst = null,
}: {
  model: ModelId;
  signal: SignalWire | null;
  market: MarketStatusView;
  /** The latest signal is being fetched (nothing to show yet). */
  loading?: boolean;
  /** It could not be fetched (new ones still arrive over the socket). */
  unavailable?: boolean;
  /** The server replays recorded prices (MARKET_FEED=replay): a quote is a recorded price, not live. */
  recorded?: boolean;
  /** The Timing detail was opened: the signal may be fetched again for the sends made since. */
  onTimingOpen?: () => void;
  /** The operator's research-analyst registration, named with the model (none without a profile). */
  analyst?: SignalAnalyst | null;
}) {
  const { t } = useTranslation();
  const name = modelName(model);
  if (!signal) {
    return (
      <section
        aria-label={t("live.card.label", { model: name })}
        className="rounded-2xl border border-white/10 bg-ink-900/70 p-5 shadow-xl shadow-black/30 sm:p-6"
      >
        <h2 className="text-xl font-semibold text-white">{name}</h2>
        <div
          role="status"
          className="my-8 flex flex-col items-center gap-3 text-center text-ink-300 sm:my-10"
        >
          <Clock3
            aria-hidden="true"
            className={cn("size-8 text-ink-400", loading && "motion-safe:animate-pulse")}
          />
          {loading ? (
            <p>{t("live.card.loadingSignals")}</p>
          ) : (
            <>
              <p className="text-base font-medium text-white">{t("live.card.emptyTitle")}</p>
              <p className="max-w-md text-sm">{t("live.card.emptyBody", { model: name })}</p>
            </>
          )}
          {unavailable ? (
            <p className="text-sm text-amber-200">{t("live.card.signalsUnavailable")}</p>
          ) : null}
        </div>
        <CardFacts model={model} market={market} analyst={analyst} />
      </section>
    );
  }

  const buy = signal.optionType === "CE";
  const status = statusKey(signal);
  const tone = pnlTone(signal.pnl);
  const Arrow = buy ? ArrowUpRight : ArrowDownRight;
  return (
    <section
      aria-label={t("live.card.label", { model: name })}
      data-option-type={signal.optionType}
      className={cn(
        "rounded-2xl border bg-ink-900/70 p-5 shadow-xl shadow-black/30 sm:p-6",
        buy ? "border-accent-500/40" : "border-rose-500/40",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-white">{name}</h2>
          <p className="mt-1 text-sm text-ink-300">
            <time dateTime={new Date(signal.generatedAt).toISOString()}>
              {formatInstant(signal.generatedAt)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span
            data-testid="signal-status"
            className={cn(
              "rounded-full border px-3 py-1 text-xs font-semibold",
              STATUS_STYLES[status],
            )}
          >
            {t(`live.status.${status}`)}
          </span>
          <span
            className={cn(
              "inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-bold tracking-wide",
              buy ? "bg-accent-400 text-ink-950" : "bg-rose-500 text-white",
            )}
          >
            <Arrow aria-hidden="true" className="size-3.5" />
            {`${signal.type} ${signal.optionType}`}
          </span>
        </div>
      </div>

      <div
        className={cn(
          "mt-5 flex flex-wrap items-end justify-between gap-4 rounded-xl border p-4",
          buy ? "border-accent-500/20 bg-accent-500/5" : "border-rose-500/20 bg-rose-500/5",
        )}
      >
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-ink-300">
            {t("live.card.resultCounter")}
          </p>
          <p
            data-testid="signal-pnl"
            data-tone={tone}
            className={cn("font-mono text-3xl font-semibold tabular-nums", TONE_STYLES[tone])}
          >
            {formatRupees(signal.pnl)}
          </p>
          <p data-testid="signal-pnl-basis" className="mt-1 text-xs text-ink-400">
            {status === "triggered" ? t("live.card.grossOpen") : t("live.card.gross")}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs font-medium tracking-wide text-ink-300">{t("live.card.ltp")}</p>
          <p data-testid="signal-ltp" className="font-mono text-xl text-white tabular-nums">
            {formatRupees(signal.ltp)}
          </p>
          <PriceSourceLabel source={signal.priceSource} recorded={recorded} />
        </div>
        <StopFacts signal={signal} />
        <FillFacts signal={signal} recorded={recorded} />
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Field label={t("live.card.symbol")}>{signal.symbol}</Field>
        <Field label={t("live.card.expiry")}>{formatDayKey(signal.expiry)}</Field>
        <Field label={t("live.card.strikePrice")}>{formatNumber(signal.strike)}</Field>
        <Field label={t("live.card.optionType")}>{signal.optionType}</Field>
        <Field label={t("live.card.modelSuggestion")}>{signal.type}</Field>
        <Field label={t("live.card.initiatedZone")}>
          {formatZone(signal.entryLow, signal.entryHigh)}
        </Field>
        <Field label={t("live.card.premiumPerLot")}>
          {formatRupees(signal.premiumPerLot)}
          <span className="block text-xs text-ink-400">
            {t("live.card.lots", { count: signal.lots, lotSize: signal.lotSize })}
          </span>
        </Field>
        <Field label={t("live.card.projectedZone")}>{formatRupees(signal.target)}</Field>
        <Field label={t("live.card.riskMarker")}>
          {formatRupees(signal.stopLoss)}
          {typeof signal.stopLimit === "number" ? (
            <span data-testid="signal-stop-limit" className="block text-xs text-ink-400">
              {t("live.card.stopLimit", { limit: formatRupees(signal.stopLimit) })}
            </span>
          ) : null}
        </Field>
        <Field label={t("live.card.triggeredAt")} className="lg:col-span-3">
          {signal.entryPrice !== null && signal.entryTime !== null ? (
            <>
              {formatRupees(signal.entryPrice)}{" "}
              <time className="text-ink-300" dateTime={new Date(signal.entryTime).toISOString()}>
                {formatClockTime(signal.entryTime)}
              </time>
            </>
          ) : (
            <span className="font-sans text-ink-300">{t("live.card.notTriggered")}</span>
          )}
        </Field>
      </dl>

      {signal.reason ? (
        <div className="mt-4 rounded-xl border border-white/5 bg-white/[0.03] p-4">
          <h3 className="text-sm font-semibold text-white">{t("live.card.reason")}</h3>
          <p className="mt-1 text-sm leading-relaxed text-ink-200">{signal.reason}</p>
        </div>
      ) : null}

      {signal.timing && signal.timing.length > 0 ? (
        <div className="mt-4">
          <SignalTiming timing={signal.timing} onOpen={onTimingOpen} />
        </div>
      ) : null}

      <div className="mt-4">
        <CardFacts model={model} market={market} version={signal.modelVersion} analyst={analyst} />
      </div>
    </section>
  );
}
