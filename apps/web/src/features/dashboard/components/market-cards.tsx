import type { MarketSnapshot } from "@kalpa/contracts/market";
import { type ExchangeName, INSTRUMENTS } from "@kalpa/contracts/names";
import { AlertTriangle, ArrowDownRight, ArrowUpRight, PauseCircle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import "@/features/dashboard/i18n/en";

/**
 * One exchange's market status (spec section 4), whether its feed has stalled during a session, and whether
 * its prices are stale (a broker's feed that stopped: never shown as Active then).
 */
export interface ExchangeStatus {
  exchange: ExchangeName;
  active: boolean;
  stalled: boolean;
  stale?: boolean;
}

export interface MarketCardsProps {
  /** The latest snapshots, in the order shown; null while they load. */
  snapshots: readonly MarketSnapshot[] | null;
  /** Each exchange's status; an exchange not listed counts as Inactive (the spec's initial state). */
  statuses: readonly ExchangeStatus[];
  /** Loading failed: the cards say so and offer Retry. */
  unavailable?: boolean;
  onRetry?: () => void;
  retrying?: boolean;
  /** Shown beside the heading (the "Simulated data" label and the market's clock). */
  note?: ReactNode;
}

const EXCHANGE_OF = new Map(
  INSTRUMENTS.map((instrument) => [instrument.symbol, instrument.exchange]),
);

/** "+101.95" or "−651.75" (a true minus sign), as the ticker writes changes. */
function signed(value: number, rising: boolean): string {
  return `${rising ? "+" : "−"}${formatNumber(Math.abs(value))}`;
}

/** Active (green), Inactive, or, while the exchange is open but its prices are stale, Stale data. */
function StatusPill({ status }: { status: ExchangeStatus }) {
  const { t } = useTranslation();
  const state = !status.active ? "inactive" : status.stale ? "stale" : "active";
  return (
    <span
      data-state={state}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium",
        state === "active" && "bg-accent-400/10 text-accent-300",
        state === "stale" && "bg-rose-400/10 text-rose-200",
        state === "inactive" && "bg-white/5 text-ink-300",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          state === "active" && "bg-accent-400",
          state === "stale" && "border border-rose-300",
          state === "inactive" && "bg-ink-400",
        )}
      />
      <span className="sr-only">
        {t("dashboardPage.markets.status", { exchange: status.exchange })}{" "}
      </span>
      {t(`dashboardPage.markets.${state}`)}
    </span>
  );
}

function MarketCard({ snapshot, status }: { snapshot: MarketSnapshot; status: ExchangeStatus }) {
  const { t } = useTranslation();
  const rising = snapshot.change >= 0;
  const Arrow = rising ? ArrowUpRight : ArrowDownRight;
  const figures = [
    ["open", snapshot.open],
    ["high", snapshot.high],
    ["low", snapshot.low],
    // The spec's card shows the day's volume under the label Close.
    ["close", snapshot.volume],
  ] as const;
  return (
    <li
      className={cn(
        "flex flex-col rounded-2xl border bg-ink-900/70 p-5",
        status.stalled ? "border-amber-300/30" : "border-white/10",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold tracking-wide text-white">{snapshot.symbol}</h3>
        <div className="flex items-center gap-2">
          <span className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-ink-300">
            {status.exchange}
          </span>
          <StatusPill status={status} />
        </div>
      </div>
      <p className="mt-4 font-mono text-2xl font-semibold text-white tabular-nums sm:text-3xl">
        <span className="sr-only">{t("dashboardPage.markets.lastPrice")} </span>
        {formatNumber(snapshot.ltp)}
      </p>
      <p
        className={cn(
          "mt-1 inline-flex flex-wrap items-center gap-x-1 font-mono text-sm tabular-nums",
          rising ? "text-accent-400" : "text-rose-400",
        )}
      >
        <Arrow aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">
          {t("dashboardPage.markets.change")}{" "}
          {rising ? t("dashboardPage.markets.rising") : t("dashboardPage.markets.falling")}{" "}
        </span>
        {`${signed(snapshot.change, rising)} (${signed(snapshot.percentChange, rising)}%)`}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-white/5 pt-4 text-sm">
        {figures.map(([key, value]) => (
          <div key={key} className="min-w-0">
            <dt className="text-xs text-ink-400">{t(`dashboardPage.markets.${key}`)}</dt>
            <dd className="truncate font-mono text-ink-100 tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {status.stalled ? (
        <p className="mt-4 flex items-start gap-2 text-xs text-amber-100">
          <PauseCircle aria-hidden="true" className="size-4 shrink-0 text-amber-300" />
          {t("dashboardPage.markets.paused")}
        </p>
      ) : null}
    </li>
  );
}

function LoadingCards() {
  const { t } = useTranslation();
  return (
    <>
      <p role="status" className="sr-only">
        {t("dashboardPage.markets.loading")}
      </p>
      <ul aria-busy="true" className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {INSTRUMENTS.map((instrument) => (
          <li
            key={instrument.symbol}
            className="rounded-2xl border border-white/10 bg-ink-900/70 p-5"
          >
            <div className="flex items-center justify-between gap-3">
              <span className="font-semibold tracking-wide text-white">{instrument.symbol}</span>
              <span className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-ink-300">
                {instrument.exchange}
              </span>
            </div>
            <div aria-hidden="true" className="mt-4 space-y-2 motion-safe:animate-pulse">
              <div className="h-8 w-2/3 rounded-md bg-white/10" />
              <div className="h-4 w-1/3 rounded-md bg-white/5" />
              <div className="mt-4 h-16 rounded-md bg-white/5" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The dashboard's live market cards (spec sections 3 and 4): per instrument the last price, the day's change
 * and percent change (green rising, red falling, in words for screen readers), open, high, low and the
 * volume under the label Close; its exchange's status (Active or Inactive; Stale data instead of Active
 * while a broker's feed is down), and a note while the exchange's feed is paused. Loading shows placeholders without figures; a failure says so, with Retry.
 */
export function MarketCards({
  snapshots,
  statuses,
  unavailable = false,
  onRetry,
  retrying = false,
  note,
}: MarketCardsProps) {
  const { t } = useTranslation();
  const statusOf = (exchange: ExchangeName): ExchangeStatus =>
    statuses.find((status) => status.exchange === exchange) ?? {
      exchange,
      active: false,
      stalled: false,
    };

  let body: ReactNode;
  if (snapshots) {
    body = (
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {snapshots.map((snapshot) => (
          <MarketCard
            key={snapshot.symbol}
            snapshot={snapshot}
            status={statusOf(EXCHANGE_OF.get(snapshot.symbol) ?? "NSE")}
          />
        ))}
      </ul>
    );
  } else if (unavailable) {
    body = (
      <div
        role="alert"
        className="mt-4 flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-900/70 p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-3 text-sm text-ink-100">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
          {t("dashboardPage.markets.unavailable")}
        </p>
        {onRetry ? (
          <button
            type="button"
            onClick={onRetry}
            disabled={retrying}
            className={buttonStyles({ variant: "secondary", size: "sm", className: "shrink-0" })}
          >
            <RotateCw
              aria-hidden="true"
              className={retrying ? "size-4 motion-safe:animate-spin" : "size-4"}
            />
            {t("dashboardPage.retry")}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = <LoadingCards />;
  }

  return (
    <section aria-labelledby="markets-heading">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="markets-heading" className="text-lg font-semibold text-white">
          {t("dashboardPage.markets.heading")}
        </h2>
        {note}
      </div>
      {body}
      <p className="mt-3 text-sm text-ink-400">{t("dashboardPage.markets.note")}</p>
    </section>
  );
}
