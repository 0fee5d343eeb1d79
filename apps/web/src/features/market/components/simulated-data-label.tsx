import type { FeedKind, MarketClock, PriceDelay } from "@kalpa/contracts/api/market";
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import { Clock } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { INTL_LOCALES, useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import type { LiveMarketOverview } from "../api/get-market-overview";
import {
  formatIndiaMinute,
  formatMarketDate,
  formatMarketTime,
  isoInIndia,
  marketTimeAt,
} from "../utils/market-clock";
import { staleSince } from "../utils/stale";
import "@/features/market/i18n/en";

/** Re-renders every second with the local time. */
function useLocalNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function MarketTime({ instant, replay }: { instant: number; replay: boolean }) {
  const { t, language } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="text-amber-300/60">
        ·
      </span>
      <span className="sr-only">{t(replay ? "market.replayClockLabel" : "market.clockLabel")}</span>
      <time dateTime={isoInIndia(instant)} className="font-mono tabular-nums">
        {`${formatMarketTime(instant, INTL_LOCALES[language])} ${t("market.timeZone")}`}
      </time>
    </>
  );
}

/**
 * "Simulated data", shown wherever prices are shown while they do not come from a broker's live feed; with a
 * simulated market clock it adds the market's simulated date and time in India, ticking. A replay of
 * recorded prices says so instead, with the replayed session's date: "Recorded market data of 4 Jun 2024"
 * (never live, never simulated).
 */
export function SimulatedDataLabel({
  clock,
  receivedAt,
  kind = "simulated",
  className,
}: {
  clock: MarketClock;
  /** Local time the clock's reading arrived. */
  receivedAt: number;
  /** The feed: "replay" names the recorded session's date. */
  kind?: FeedKind;
  className?: string;
}) {
  const { t, language } = useTranslation();
  const instant = marketTimeAt(clock, receivedAt, useLocalNow());
  const replay = kind === "replay";
  return (
    <p
      data-testid="market-data-source"
      className={cn(
        "inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-md border border-amber-300/30 bg-amber-300/10 px-2.5 py-1 text-xs font-medium text-amber-100",
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-amber-300" />
      <span className="font-semibold tracking-wide uppercase">
        {replay
          ? t("market.recorded", {
              date: formatMarketDate(instant, INTL_LOCALES[language]),
            })
          : t("market.simulated")}
      </span>
      {clock.simulated ? <MarketTime instant={instant} replay={replay} /> : null}
    </p>
  );
}

/**
 * "Stale data · Last price at 14:05 IST": shown instead of any sign of live prices while a broker's feed is
 * down (the overview's `feed.staleSince`), with when the last price arrived, in India time.
 */
export function StaleDataLabel({ since, className }: { since: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      data-testid="stale-data"
      className={cn(
        "inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-md border border-rose-300/40 bg-rose-400/10 px-2.5 py-1 text-xs font-medium text-rose-100",
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full border border-rose-300" />
      <span className="font-semibold tracking-wide uppercase">{t("market.stale")}</span>
      <span aria-hidden="true" className="text-rose-300/60">
        ·
      </span>
      <span>
        {t("market.lastPriceAt", {
          time: `${formatIndiaMinute(since)} ${t("market.timeZone")}`,
        })}
      </span>
      <span className="sr-only">{` ${t("market.staleHint")}`}</span>
    </p>
  );
}

/**
 * "Provisional calendar": the market's day falls in a year whose holidays the exchanges have not confirmed
 * (the overview's `calendar`), so which days trade, and the expiries, may still change.
 */
export function ProvisionalCalendarLabel({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      data-testid="provisional-calendar"
      title={t("market.provisionalCalendarHint")}
      className={cn(
        "inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-md border border-sky-300/30 bg-sky-300/10 px-2.5 py-1 text-xs font-medium text-sky-100",
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full border border-sky-300" />
      <span className="font-semibold tracking-wide uppercase">
        {t("market.provisionalCalendar")}
      </span>
      <span className="sr-only">{` ${t("market.provisionalCalendarHint")}`}</span>
    </p>
  );
}

/**
 * "Prices delayed by 15 minutes": on a broker's feed, the prices of instruments the viewer does not
 * subscribe to are served late (the overview's `priceDelay`, decision 034). When some are live (a
 * subscriber's own), the delayed ones are named.
 */
export function DelayedPricesLabel({
  delay,
  shown,
  className,
}: {
  delay: PriceDelay;
  /** The instruments the screen shows: when all of them are delayed, none is named. */
  shown: readonly string[];
  className?: string;
}) {
  const { t } = useTranslation();
  const all = shown.every((symbol) => delay.symbols.includes(symbol as never));
  const count = delay.minutes;
  const text = all
    ? t("market.delayed", { count })
    : t("market.delayedOf", { count, symbols: delay.symbols.join(", ") });
  return (
    <p
      data-testid="price-delay"
      title={t("market.delayedHint")}
      className={cn(
        "inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-md border border-white/20 bg-white/5 px-2.5 py-1 text-xs font-medium text-ink-100",
        className,
      )}
    >
      <Clock aria-hidden="true" className="size-3.5 shrink-0 text-ink-300" />
      <span>{text}</span>
      <span className="sr-only">{` ${t("market.delayedHint")}`}</span>
    </p>
  );
}

/**
 * What a screen shows beside its prices about where they come from: "Simulated data" whenever the feed is
 * simulated ("Recorded market data of <date>" for a replay of recorded prices), "Stale data" with the last price's time while a broker's feed is down, "Prices delayed by 15 minutes" where the viewer gets them late, "Provisional calendar"
 * while the market's day is not on a confirmed calendar; nothing for live prices on a confirmed day (or
 * before the overview is in).
 */
export function marketDataNote(overview: LiveMarketOverview | undefined): ReactNode {
  if (!overview) return null;
  const { feed } = overview;
  const since = staleSince(feed);
  const labels = [
    feed.simulated ? (
      <SimulatedDataLabel
        key="simulated"
        clock={overview.clock}
        receivedAt={overview.receivedAt}
        kind={feed.kind}
      />
    ) : null,
    since === null ? null : <StaleDataLabel key="stale" since={since} />,
    overview.priceDelay && overview.priceDelay.symbols.length > 0 ? (
      <DelayedPricesLabel key="delayed" delay={overview.priceDelay} shown={MARKET_SYMBOLS} />
    ) : null,
    overview.calendar === "provisional" || overview.calendar === "unknown" ? (
      <ProvisionalCalendarLabel key="calendar" />
    ) : null,
  ].filter((label) => label !== null);
  if (labels.length > 1) {
    return <span className="inline-flex flex-wrap items-center gap-2">{labels}</span>;
  }
  return labels[0] ?? null;
}
