/**
 * The option chain beside the live signal (issue 37, decision 036): calls on the left, the strike in the
 * centre, puts on the right, ten strikes either side of the signal's strike (or of the money). The signal's
 * contract is marked in words and with a ring, the at-the-money strike says ATM and a row marks where the
 * forward falls. "Model prices" says when the figures are the model's (the simulator, replays). On a narrow
 * screen the table scrolls sideways inside its card with the strike column kept in view; the scrolling
 * region takes the keyboard's focus.
 */
import type { ChainRow, ChainSide, OptionChainPayload } from "@kalpa/contracts/api/option-chain";
import type { AccessKey } from "@kalpa/contracts/names";
import { INSTRUMENTS } from "@kalpa/contracts/names";
import { Fragment, useEffect, useId, useRef } from "react";
import type { Socket } from "socket.io-client";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDayKey } from "@/lib/dates";
import { formatNumber } from "@/lib/format";
import { useOptionChain } from "../api/get-option-chain";
import "@/features/live/i18n/option-chain-en";

type Column = {
  key: "ltp" | "bid" | "ask" | "iv" | "delta" | "gamma" | "theta" | "vega" | "oi" | "oiChange";
  label: string;
};

const fixed = (value: number | null, digits: number) =>
  value === null || !Number.isFinite(value) ? "—" : value.toFixed(digits);

function cell(side: ChainSide, key: Column["key"]): string {
  switch (key) {
    case "ltp":
    case "bid":
    case "ask":
      return fixed(side[key], 2);
    case "iv":
      return `${(side.iv * 100).toFixed(1)}%`;
    case "delta":
      return fixed(side.delta, 2);
    case "gamma":
      return fixed(side.gamma, 5);
    case "theta":
    case "vega":
      return fixed(side[key], 2);
    case "oi":
      return side.oi === null ? "—" : formatNumber(side.oi);
    case "oiChange":
      return side.oiChange === null
        ? "—"
        : `${side.oiChange > 0 ? "+" : ""}${formatNumber(side.oiChange)}`;
  }
}

/** The chain as a table (the card's body). */
export function OptionChainTable({ chain }: { chain: OptionChainPayload }) {
  const { t } = useTranslation();
  const broker = chain.source === "broker";
  const columns: Column[] = [
    { key: "ltp", label: t("optionChain.ltp") },
    { key: "bid", label: t("optionChain.bid") },
    { key: "ask", label: t("optionChain.ask") },
    { key: "iv", label: t("optionChain.iv") },
    { key: "delta", label: t("optionChain.delta") },
    { key: "gamma", label: t("optionChain.gamma") },
    { key: "theta", label: t("optionChain.theta") },
    { key: "vega", label: t("optionChain.vega") },
    // On the simulator too, as dashes: the note says it has no open interest (none is made up).
    { key: "oi", label: t("optionChain.oi") },
    { key: "oiChange", label: t("optionChain.oiChange") },
  ];
  // Calls read towards the strike: their columns mirror the puts'. The side labels sit beside the strike,
  // where a narrow screen opens.
  const callColumns = [...columns].reverse();
  const expiry = formatDayKey(chain.expiry);
  const width = columns.length * 2 + 1;
  const signal = chain.signal;
  const forwardAfter = (row: ChainRow, next: ChainRow | undefined) =>
    next !== undefined && row.strike <= chain.forward && chain.forward < next.strike;
  const stickyStrike = "sticky left-0 right-0 z-10 bg-ink-900";
  const headClass = "px-2 py-1.5 text-right font-medium text-ink-300 whitespace-nowrap";

  const sideCells = (row: ChainRow, type: "CE" | "PE", list: Column[]) => {
    const side = type === "CE" ? row.call : row.put;
    const isSignal = signal !== null && signal.strike === row.strike && signal.optionType === type;
    const inTheMoney = type === "CE" ? row.strike < chain.forward : row.strike > chain.forward;
    return list.map((column) => (
      <td
        key={`${type}-${column.key}`}
        className={cn(
          "px-2 py-1.5 text-right font-mono tabular-nums whitespace-nowrap",
          inTheMoney ? "bg-white/[0.03]" : "",
          isSignal && column.key === "ltp"
            ? "font-bold text-white outline outline-2 -outline-offset-2 outline-amber-300"
            : "",
          side.quoted && column.key === "ltp" ? "underline decoration-dotted" : "",
        )}
      >
        {cell(side, column.key)}
      </td>
    ));
  };

  return (
    <table className="w-max min-w-full border-collapse text-xs text-ink-100">
      <caption className="sr-only">
        {t("optionChain.caption", {
          symbol: chain.symbol,
          expiry,
          centre: signal ? t("optionChain.centreSignal") : t("optionChain.centreAtm"),
        })}{" "}
        {broker ? t("optionChain.brokerNote") : t("optionChain.modelNote")}
      </caption>
      <thead>
        <tr className="border-b border-white/10">
          <th
            scope="colgroup"
            colSpan={columns.length}
            className="px-3 py-1.5 text-right text-white"
          >
            {t("optionChain.calls")}
          </th>
          <th
            scope="col"
            rowSpan={2}
            className={cn(stickyStrike, "px-3 py-1.5 text-center text-white")}
          >
            {t("optionChain.strike")}
          </th>
          <th
            scope="colgroup"
            colSpan={columns.length}
            className="px-3 py-1.5 text-left text-white"
          >
            {t("optionChain.puts")}
          </th>
        </tr>
        <tr className="border-b border-white/10">
          {callColumns.map((column) => (
            <th key={`CE-${column.key}`} scope="col" className={headClass}>
              {column.label}
            </th>
          ))}
          {columns.map((column) => (
            <th key={`PE-${column.key}`} scope="col" className={headClass}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chain.rows.map((row, index) => {
          const atm = row.strike === chain.atmStrike;
          const signalHere = signal !== null && signal.strike === row.strike;
          return (
            <Fragment key={row.strike}>
              <tr
                className={cn("border-b border-white/5", atm ? "border-y border-y-sky-400/60" : "")}
                aria-current={signalHere ? "true" : undefined}
              >
                {sideCells(row, "CE", callColumns)}
                <th
                  scope="row"
                  className={cn(
                    stickyStrike,
                    "px-3 py-1.5 text-center font-mono font-semibold whitespace-nowrap text-white",
                  )}
                >
                  {formatNumber(row.strike)}
                  {atm ? (
                    <span className="ml-1.5 rounded bg-sky-400/20 px-1 text-[10px] font-sans text-sky-200">
                      {t("optionChain.atm")}
                    </span>
                  ) : null}
                  {signalHere && signal ? (
                    <span className="ml-1.5 rounded bg-amber-300/20 px-1 text-[10px] font-sans text-amber-100">
                      ◆ {t("optionChain.signal", { type: signal.optionType })}
                    </span>
                  ) : null}
                </th>
                {sideCells(row, "PE", columns)}
              </tr>
              {forwardAfter(row, chain.rows[index + 1]) ? (
                <tr className="border-b border-dashed border-sky-400/60">
                  <td colSpan={width} className="px-2 py-0.5 text-center text-[11px] text-sky-200">
                    <span className={cn(stickyStrike, "px-2")}>
                      ▸ {t("optionChain.forward", { value: formatNumber(chain.forward) })}
                    </span>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** What the card says above its table: the source, the expiry, the underlying and forward, the ATM IV. */
export function OptionChainView({ chain }: { chain: OptionChainPayload }) {
  const { t } = useTranslation();
  const titleId = useId();
  const scroller = useRef<HTMLElement>(null);
  const { volatility } = chain;
  // Where the table is wider than the card, it opens scrolled to the strike (calls and puts mirror).
  useEffect(() => {
    const region = scroller.current;
    if (region) region.scrollLeft = (region.scrollWidth - region.clientWidth) / 2;
  }, []);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="option-chain"
      className="min-w-0 rounded-2xl border border-white/10 bg-ink-900/70 p-4 shadow-xl shadow-black/30 sm:p-5"
    >
      <header className="mb-3 space-y-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="text-sm font-semibold text-white">
            {t("optionChain.title")}{" "}
            <span className="font-normal text-ink-300">
              {chain.symbol} · {t("optionChain.expiry", { expiry: formatDayKey(chain.expiry) })}
            </span>
          </h3>
          <span className="rounded-full border border-white/15 px-2 py-0.5 text-xs text-ink-100">
            {chain.source === "model" ? t("optionChain.modelLabel") : t("optionChain.brokerLabel")}
          </span>
        </div>
        <p className="font-mono text-xs text-ink-300">
          {t("optionChain.underlying", { value: formatNumber(chain.underlying) })} ·{" "}
          {t("optionChain.forward", { value: formatNumber(chain.forward) })} ·{" "}
          {t("optionChain.iv30", {
            label: volatility.label,
            value: `${(volatility.value * 100).toFixed(1)}%`,
          })}
        </p>
        <p className="text-xs text-ink-300" data-testid="option-chain-iv-percentile">
          {volatility.percentile !== null ? (
            t("optionChain.percentile", { value: String(volatility.percentile) })
          ) : (
            <>
              {t("optionChain.notEnoughHistory", { days: String(volatility.historyDays) })}{" "}
              <span className="text-ink-400">{t("optionChain.notEnoughHistoryHint")}</span>
            </>
          )}
        </p>
        <p className="text-xs text-ink-400">
          {t(
            volatility.source === "broker" ? "optionChain.ivWhatBroker" : "optionChain.ivWhatModel",
            {
              symbol: chain.symbol,
            },
          )}
        </p>
      </header>
      <section
        ref={scroller}
        aria-label={t("optionChain.scrollHint")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the keyboard's focus, so arrow keys scroll it.
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-lg border border-white/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-300"
      >
        <OptionChainTable chain={chain} />
      </section>
      <p className="mt-2 text-xs text-ink-400" aria-hidden="true">
        {chain.source === "broker" ? t("optionChain.brokerNote") : t("optionChain.modelNote")}
      </p>
    </section>
  );
}

/** The card on the live screen: the instrument's chain, live through its room. */
export function OptionChainCard({
  instrument,
  socket,
}: {
  instrument: AccessKey;
  socket: Socket | null;
}) {
  const { t } = useTranslation();
  const slug = INSTRUMENTS.find((i) => i.key === instrument)?.slug ?? "nifty";
  const chain = useOptionChain(slug, socket);
  if (chain.data) return <OptionChainView chain={chain.data} />;
  return (
    <section
      aria-label={t("optionChain.title")}
      className="rounded-2xl border border-white/10 bg-ink-900/70 p-4 text-sm text-ink-300"
    >
      <p role={chain.isError ? "alert" : "status"}>
        {chain.isError ? t("optionChain.unavailable") : t("optionChain.loading")}
      </p>
    </section>
  );
}
