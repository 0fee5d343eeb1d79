import type { PaperDayGroup, PaperTrade } from "@kalpa/contracts/api/paper";
import { Link } from "react-router";
import { modelCardPath, versionLabel, versionShort } from "@/features/models/utils/model-version";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDayKey } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import {
  contractLabel,
  fillBasisOf,
  formatTradeTime,
  pnlTone,
  TONE_CLASS,
} from "../utils/trade-view";
import "@/features/journal/i18n/en";

/** A rupee amount coloured by its sign (green when >= 0, red otherwise). */
export function Money({ value, className }: { value: number; className?: string }) {
  return (
    <span
      className={cn(
        "font-medium whitespace-nowrap tabular-nums",
        TONE_CLASS[pnlTone(value)],
        className,
      )}
    >
      {formatRupees(value)}
    </span>
  );
}

/** The journal's days, newest first as the server sends them: each with its totals and trades. */
export function DayGroups({ groups }: { groups: readonly PaperDayGroup[] }) {
  return (
    <ol className="space-y-5">
      {groups.map((group) => (
        <li key={group._id}>
          <DayGroup group={group} />
        </li>
      ))}
    </ol>
  );
}

function DayGroup({ group }: { group: PaperDayGroup }) {
  const { t } = useTranslation();
  const headingId = `journal-day-${group._id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="journal-day"
      className="@container overflow-hidden rounded-2xl border border-white/10 bg-ink-900/70"
    >
      <header className="flex flex-col gap-3 border-b border-white/10 bg-white/[0.03] px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <h3 id={headingId} className="text-base font-semibold text-white">
          {formatDayKey(group._id)}{" "}
          <span className="ml-1 text-sm font-normal text-ink-400">
            {group.count === 1
              ? t("journal.day.oneTrade")
              : t("journal.day.trades", { count: String(group.count) })}
          </span>
        </h3>
        <dl className="grid grid-cols-2 gap-x-5 gap-y-2 text-sm sm:flex sm:gap-x-6">
          <div>
            <dt className="text-xs text-ink-400">{t("journal.day.slippage")}</dt>
            <dd className="font-medium tabular-nums text-ink-100">
              {formatRupees(group.totalSlippage)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">{t("journal.day.gross")}</dt>
            <dd>
              <Money value={group.totalPnL} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">{t("journal.day.charges")}</dt>
            <dd className="font-medium tabular-nums text-ink-100">
              {formatRupees(group.totalCharges)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">{t("journal.day.net")}</dt>
            <dd>
              <Money value={group.netPnL} />
            </dd>
          </div>
        </dl>
      </header>
      <TradeTable day={group._id} trades={group.trades} />
    </section>
  );
}

// In a narrow day (a phone, or the dashboard's main area beside its sidebar: the day's own width decides,
// so the table has room for its nine columns) each row is a card of three columns: the contract, then entry, exit and close reason, then how it
// was filled (two columns) and its slippage, then gross, charges and net; each cell carries its column's name
// above its value (data-label).
const CELL =
  "px-3 py-2 align-top @max-5xl:flex @max-5xl:min-w-0 @max-5xl:flex-col @max-5xl:px-0 @max-5xl:py-1 @max-5xl:before:text-xs @max-5xl:before:text-ink-400 @max-5xl:before:content-[attr(data-label)]";

function TradeTable({ day, trades }: { day: string; trades: readonly PaperTrade[] }) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-left text-sm @max-5xl:block @5xl:table-fixed">
      <thead className="bg-white/5 text-ink-300 @max-5xl:sr-only">
        <tr>
          <th scope="col" className="w-[18.5%] px-3 py-2 font-medium @5xl:pl-5">
            {t("journal.columns.contract")}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t("journal.columns.entry")}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t("journal.columns.exit")}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t("journal.columns.closeReason")}
          </th>
          <th scope="col" className="w-[16%] px-3 py-2 font-medium">
            {t("journal.columns.fills")}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            {t("journal.columns.slippage")}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            {t("journal.columns.gross")}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            {t("journal.columns.charges")}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium @5xl:pr-5">
            {t("journal.columns.net")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-white/5 @max-5xl:block">
        {trades.map((trade) => {
          const fill = fillBasisOf(trade);
          return (
            <tr
              key={trade.id}
              data-testid="journal-trade"
              className="@max-5xl:grid @max-5xl:grid-cols-3 @max-5xl:gap-x-3 @max-5xl:px-4 @max-5xl:py-3"
            >
              <th
                scope="row"
                className="px-3 py-2 text-left align-top font-medium text-white @max-5xl:col-span-3 @max-5xl:px-0 @max-5xl:pb-1 @5xl:pl-5"
              >
                {contractLabel(trade)}
                <span className="block text-xs font-normal text-ink-400">
                  <span className="sr-only">{t("journal.lotsLabel")}: </span>
                  {t("journal.lots", { lots: String(trade.lots), lotSize: String(trade.lotSize) })}
                </span>
                <Link
                  to={modelCardPath(trade.model)}
                  title={versionLabel(t, trade.modelVersion)}
                  data-testid="journal-trade-version"
                  className="block font-mono text-[11px] font-normal text-ink-400 hover:text-ink-200"
                >
                  <span className="sr-only">{versionLabel(t, trade.modelVersion)}</span>
                  <span aria-hidden="true">{versionShort(t, trade.modelVersion)}</span>
                </Link>
              </th>
              <td data-label={t("journal.columns.entry")} className={CELL}>
                <span>
                  <span className="block tabular-nums text-white">
                    {formatRupees(trade.entryPrice)}
                  </span>
                  <span className="block text-xs text-ink-400">
                    {formatTradeTime(trade.entryTime, day)}
                  </span>
                </span>
              </td>
              <td data-label={t("journal.columns.exit")} className={CELL}>
                <span>
                  <span className="block tabular-nums text-white">
                    {formatRupees(trade.exitPrice)}
                  </span>
                  <span className="block text-xs text-ink-400">
                    {formatTradeTime(trade.exitTime, day)}
                  </span>
                </span>
              </td>
              <td
                data-label={t("journal.columns.closeReason")}
                className={cn(CELL, "text-ink-200")}
              >
                <span>
                  {t(`journal.closeReason.${trade.closeReason}`)}
                  {trade.stopFill ? (
                    <span
                      data-testid="journal-trade-stop"
                      data-stop={trade.stopFill}
                      className={cn(
                        "block text-xs",
                        trade.stopFill === "filled" ? "text-ink-400" : "text-amber-200",
                      )}
                    >
                      {t(`journal.stopFill.${trade.stopFill}`, {
                        limit: trade.stopLimit === null ? "—" : formatRupees(trade.stopLimit),
                      })}
                    </span>
                  ) : null}
                </span>
              </td>
              <td
                data-label={t("journal.columns.fills")}
                data-testid="journal-trade-fills"
                data-basis={trade.fillBasis}
                className={cn(CELL, "text-ink-200 @max-5xl:col-span-2")}
              >
                <span>{t(`journal.fill.${fill.key}`, { ticks: String(fill.ticks) })}</span>
              </td>
              <td
                data-label={t("journal.columns.slippage")}
                className={cn(CELL, "@5xl:text-right")}
              >
                <span className="tabular-nums text-ink-100">{formatRupees(trade.slippage)}</span>
              </td>
              <td data-label={t("journal.columns.gross")} className={cn(CELL, "@5xl:text-right")}>
                <Money value={trade.pnlRupees} />
              </td>
              <td data-label={t("journal.columns.charges")} className={cn(CELL, "@5xl:text-right")}>
                <span className="tabular-nums text-ink-100">
                  {formatRupees(trade.charges.total)}
                </span>
              </td>
              <td
                data-label={t("journal.columns.net")}
                className={cn(CELL, "@5xl:pr-5 @5xl:text-right")}
              >
                <Money value={trade.netPnl} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
