import type { MarketSymbol } from "@kalpa/contracts/names";
import { Activity, ArrowDownRight, ArrowUpRight } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { tickerDurationSeconds } from "../utils/ticker-duration";
import "@/features/landing/i18n/en";

/** What the home socket's home-update carries for one instrument (spec section 7). */
export interface TickerSnapshot {
  symbol: MarketSymbol;
  ltp: number;
  percentChange: number;
}

function TickerItem({ snapshot }: { snapshot: TickerSnapshot }) {
  const { t } = useTranslation();
  const rising = snapshot.percentChange >= 0;
  const Arrow = rising ? ArrowUpRight : ArrowDownRight;
  return (
    <li className="flex shrink-0 items-center gap-3 px-6 whitespace-nowrap">
      <span className="text-sm font-semibold tracking-wide text-white">{snapshot.symbol}</span>
      <span className="font-mono text-sm text-ink-100 tabular-nums">
        {formatNumber(snapshot.ltp)}
      </span>
      <span
        className={cn(
          "inline-flex items-center gap-0.5 font-mono text-sm tabular-nums",
          rising ? "text-accent-400" : "text-rose-400",
        )}
      >
        <Arrow aria-hidden="true" className="size-4" />
        <span className="sr-only">
          {rising ? t("landing.ticker.rising") : t("landing.ticker.falling")}{" "}
        </span>
        {`${rising ? "+" : "−"}${formatNumber(Math.abs(snapshot.percentChange))}%`}
      </span>
    </li>
  );
}

export interface MarketTickerProps {
  /** The latest prices, in the order shown; null until they arrive. */
  snapshots: readonly TickerSnapshot[] | null;
  /** The prices could not be loaded: the ticker says so instead of waiting. */
  unavailable?: boolean;
  /** Shown beside the prices, standing still (the "Simulated data" label and the market's clock). */
  note?: ReactNode;
  /** The prices are in but none can be shown yet (delayed prices not that old yet): says why instead. */
  waiting?: string;
}

/**
 * The live ticker of NIFTY, BANKNIFTY and CRUDEOIL. Until prices arrive (`null`) it says they are loading,
 * or that they are unavailable, instead of showing a figure. With prices the row scrolls at a constant
 * speed: one pass takes (content width + container width) / TICKER_SPEED_PX_PER_SECOND seconds; it stands
 * still under prefers-reduced-motion. The note stays in place beside the row (above it on a phone).
 */
export function MarketTicker({ snapshots, unavailable = false, note, waiting }: MarketTickerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLUListElement>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const hasPrices = snapshots !== null && snapshots.length > 0;

  useLayoutEffect(() => {
    const container = containerRef.current;
    const content = contentRef.current;
    if (!hasPrices || !container || !content) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    let animation: Animation | undefined;
    const run = () => {
      const seconds = tickerDurationSeconds(content.scrollWidth, container.clientWidth);
      setDuration(seconds);
      animation?.cancel();
      if (still || typeof content.animate !== "function") return;
      // Enter from the right edge, leave past the left one: content width + container width travelled.
      animation = content.animate(
        [
          { transform: `translateX(${container.clientWidth}px)` },
          { transform: "translateX(-100%)" },
        ],
        { duration: seconds * 1000, iterations: Number.POSITIVE_INFINITY, easing: "linear" },
      );
    };
    // The observer's first call comes once the row is laid out (no layout forced here); without one, now.
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(run);
    if (observer) observer.observe(container);
    else run();
    return () => {
      observer?.disconnect();
      animation?.cancel();
    };
  }, [hasPrices]);

  return (
    <section
      aria-label={t("landing.ticker.label")}
      className="flex flex-col border-y border-white/10 bg-ink-900/90 sm:flex-row sm:items-stretch"
    >
      {note ? (
        <div className="flex shrink-0 items-center justify-center px-4 pt-2.5 sm:border-r sm:border-white/10 sm:py-2">
          {note}
        </div>
      ) : null}
      {hasPrices ? (
        <div
          ref={containerRef}
          className="relative flex min-h-12 min-w-0 flex-1 items-center overflow-hidden"
        >
          <ul
            ref={contentRef}
            data-testid="ticker-track"
            data-duration={duration ?? undefined}
            className="flex shrink-0 motion-reduce:mx-auto motion-reduce:flex-wrap motion-reduce:justify-center"
          >
            {snapshots.map((snapshot) => (
              <TickerItem key={snapshot.symbol} snapshot={snapshot} />
            ))}
          </ul>
        </div>
      ) : (
        <p
          role="status"
          className="flex min-h-12 flex-1 items-center justify-center gap-2 px-4 py-3 text-center text-sm text-ink-300"
        >
          <Activity
            aria-hidden="true"
            className={cn(
              "size-4 shrink-0",
              unavailable || waiting ? "text-ink-400" : "text-accent-400 motion-safe:animate-pulse",
            )}
          />
          {unavailable
            ? t("landing.ticker.unavailable")
            : snapshots !== null && waiting
              ? waiting
              : t("landing.ticker.loading")}
        </p>
      )}
    </section>
  );
}
