import type {
  AdminAlerts,
  AlertChannelHealth,
  AlertChannelSummary,
  AlertFailure,
  DeliveryCounts,
  RecentAlertEvent,
} from "@kalpa/contracts/api/admin-alerts";
import { ALERT_CHANNELS, type AlertChannel } from "@kalpa/contracts/api/alerts";
import { CircleCheck, CircleOff, type LucideIcon, MoonStar, TriangleAlert } from "lucide-react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useAdminAlerts } from "../api/get-alerts";
import { formatBrokerTime } from "../utils/broker-view";
import { Figure } from "./figure";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import "@/features/admin/i18n/en";

/** Each health in words, with an icon and a colour that repeat the words (never the colour alone). */
const HEALTH_LOOKS: Record<AlertChannelHealth, { icon: LucideIcon; tone: string }> = {
  ok: { icon: CircleCheck, tone: "border-emerald-300/30 bg-emerald-300/10 text-emerald-100" },
  failing: { icon: TriangleAlert, tone: "border-rose-300/40 bg-rose-400/10 text-rose-100" },
  idle: { icon: MoonStar, tone: "border-sky-300/30 bg-sky-300/10 text-sky-100" },
  off: { icon: CircleOff, tone: "border-white/15 bg-white/[0.03] text-ink-200" },
};

const COUNT_KEYS: ReadonlyArray<keyof DeliveryCounts> = [
  "sent",
  "failed",
  "skipped",
  "unknown",
  "pending",
];

const time = (iso: string) => formatBrokerTime(Date.parse(iso));

/**
 * The Alerts view (`?view=alerts`): each channel's health in words, its deliveries of the last 24 hours and
 * who it can reach; the queue; the latest failures with their errors; and what the latest events became.
 * Fetched again every 30 seconds while on screen.
 */
export function AlertsPanel() {
  const { t } = useTranslation();
  const alerts = useAdminAlerts();
  const data = alerts.data;
  return (
    <Panel id="admin-alerts" title={t("admin.alerts.heading")} lead={t("admin.alerts.lead")}>
      {data ? (
        <div className="space-y-6">
          <p className="text-xs text-ink-400">
            {t("admin.alerts.updated", { time: formatBrokerTime(alerts.dataUpdatedAt) })}
          </p>
          <Channels channels={data.channels} />
          <Queue queue={data.queue} />
          <Failures failures={data.recentFailures} />
          <Events events={data.recentEvents} />
        </div>
      ) : (
        <QueryState error={alerts.error} onRetry={() => void alerts.refetch()} />
      )}
    </Panel>
  );
}

function Channels({ channels }: { channels: AdminAlerts["channels"] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-alerts-channels">
      <h3 id="admin-alerts-channels" className="text-base font-semibold text-white">
        {t("admin.alerts.channelsHeading")}
      </h3>
      <ul className="mt-3 grid gap-3 lg:grid-cols-3">
        {ALERT_CHANNELS.map((channel) => (
          <li key={channel} className="min-w-0">
            <ChannelCard channel={channel} summary={channels[channel]} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChannelCard({
  channel,
  summary,
}: {
  channel: AlertChannel;
  summary: AlertChannelSummary;
}) {
  const { t } = useTranslation();
  const look = HEALTH_LOOKS[summary.health];
  const Icon = look.icon;
  const headingId = `admin-alerts-channel-${channel}`;
  const note =
    summary.health === "off"
      ? t(`admin.alerts.offNotes.${channel}`)
      : t(`admin.alerts.healthNotes.${summary.health}`);
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`alerts-channel-${channel}`}
      data-health={summary.health}
      className="h-full rounded-xl border border-white/10 bg-white/[0.03] p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-white">
          {t(`admin.alerts.channels.${channel}`)}
        </h4>
        <p
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-medium",
            look.tone,
          )}
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">{t("admin.alerts.health")}: </span>
          {t(`admin.alerts.healths.${summary.health}`)}
        </p>
      </div>
      <p className="mt-1.5 text-sm text-ink-300">{note}</p>

      <p className="mt-3 text-xs font-medium text-ink-300">{t("admin.alerts.counts")}</p>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-sm sm:grid-cols-5 lg:grid-cols-3 xl:grid-cols-5">
        {COUNT_KEYS.map((key) => (
          <Figure
            key={key}
            label={t(`admin.alerts.statuses.${key}`)}
            className={cn(
              key === "failed" && summary.counts.failed > 0 && "[&>dd]:text-rose-200",
              key === "unknown" && summary.counts.unknown > 0 && "[&>dd]:text-amber-100",
            )}
          >
            {formatNumber(summary.counts[key])}
          </Figure>
        ))}
      </dl>

      <dl className="mt-3 space-y-2 text-sm">
        <Figure label={t(`admin.alerts.recipients.${channel}`)}>
          {formatNumber(summary.recipients)}
        </Figure>
        <Figure label={t("admin.alerts.lastSent")}>
          {summary.lastSentAt === null ? (
            <span className="font-sans font-normal text-ink-300">
              {t("admin.alerts.notSentRecently")}
            </span>
          ) : (
            <time dateTime={summary.lastSentAt}>{time(summary.lastSentAt)}</time>
          )}
        </Figure>
        <Figure label={t("admin.alerts.lastFailure")}>
          {summary.lastFailureAt === null ? (
            <span className="font-sans font-normal text-ink-300">
              {t("admin.alerts.noFailure")}
            </span>
          ) : (
            <>
              <time dateTime={summary.lastFailureAt}>{time(summary.lastFailureAt)}</time>
              {summary.lastError ? (
                <span className="mt-0.5 block font-sans text-xs font-normal break-words text-ink-300">
                  {summary.lastError}
                </span>
              ) : null}
            </>
          )}
        </Figure>
      </dl>
    </article>
  );
}

/** "45 s", "12 min", "2 h 5 min": how long the oldest due delivery has waited. */
function useWaited() {
  const { t } = useTranslation();
  return (seconds: number) => {
    if (seconds < 60) return t("admin.alerts.seconds", { count: String(seconds) });
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return t("admin.alerts.minutes", { count: String(minutes) });
    return t("admin.alerts.hours", {
      hours: String(Math.floor(minutes / 60)),
      minutes: String(minutes % 60),
    });
  };
}

function Queue({ queue }: { queue: AdminAlerts["queue"] }) {
  const { t } = useTranslation();
  const waited = useWaited();
  return (
    <section aria-labelledby="admin-alerts-queue">
      <h3 id="admin-alerts-queue" className="text-base font-semibold text-white">
        {t("admin.alerts.queueHeading")}
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <Figure
          label={t("admin.alerts.pending")}
          className="rounded-xl border border-white/10 bg-white/[0.03] p-3"
        >
          {formatNumber(queue.pending)}
        </Figure>
        <Figure
          label={t("admin.alerts.oldestDue")}
          className="rounded-xl border border-white/10 bg-white/[0.03] p-3"
        >
          {queue.oldestDueSeconds === null ? (
            <span className="font-sans font-normal text-ink-300">{t("admin.alerts.noneDue")}</span>
          ) : (
            waited(queue.oldestDueSeconds)
          )}
        </Figure>
        <Figure
          label={t("admin.alerts.eventsWaiting")}
          className="rounded-xl border border-white/10 bg-white/[0.03] p-3"
        >
          {formatNumber(queue.eventsWaiting)}
        </Figure>
      </dl>
    </section>
  );
}

const FAILURE_TONES: Record<AlertFailure["status"], string> = {
  failed: "border-rose-300/40 bg-rose-400/10 text-rose-100",
  unknown: "border-amber-300/40 bg-amber-300/10 text-amber-100",
  retrying: "border-sky-300/30 bg-sky-300/10 text-sky-100",
};

// Below lg each failure is a card: who and when on the first line, then each cell with its column's name
// above its value (data-label), as the journal's and the forecasts' rows are on phones.
const CELL =
  "px-3 py-2 align-top max-lg:flex max-lg:min-w-0 max-lg:flex-col max-lg:px-0 max-lg:py-1 max-lg:before:text-xs max-lg:before:text-ink-400 max-lg:before:content-[attr(data-label)]";

function Failures({ failures }: { failures: readonly AlertFailure[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-alerts-failures">
      <h3 id="admin-alerts-failures" className="text-base font-semibold text-white">
        {t("admin.alerts.failuresHeading")}
      </h3>
      <p className="mt-1 text-sm text-ink-300">{t("admin.alerts.failuresLead")}</p>
      {failures.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 rounded-xl border border-white/10 bg-white/[0.03] p-3 text-sm text-ink-200">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-300" />
          {t("admin.alerts.noFailures")}
        </p>
      ) : (
        <div className="mt-3 rounded-xl border border-white/10">
          <table
            aria-labelledby="admin-alerts-failures"
            className="w-full text-left text-sm max-lg:block lg:table-fixed"
          >
            <thead className="bg-white/5 text-ink-300 max-lg:sr-only">
              <tr>
                <th scope="col" className="w-[13%] px-3 py-2 font-medium">
                  {t("admin.alerts.columns.queued")}
                </th>
                <th scope="col" className="w-[13%] px-3 py-2 font-medium">
                  {t("admin.alerts.columns.channel")}
                </th>
                <th scope="col" className="w-[15%] px-3 py-2 font-medium">
                  {t("admin.alerts.columns.event")}
                </th>
                <th scope="col" className="w-[14%] px-3 py-2 font-medium">
                  {t("admin.alerts.columns.user")}
                </th>
                <th scope="col" className="w-[8%] px-3 py-2 text-right font-medium">
                  {t("admin.alerts.columns.attempts")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("admin.alerts.columns.error")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5 max-lg:block">
              {failures.map((failure) => (
                <FailureRow key={failure.id} failure={failure} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function FailureRow({ failure }: { failure: AlertFailure }) {
  const { t } = useTranslation();
  return (
    <tr
      data-testid="alerts-failure"
      className="max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-3 max-lg:px-3 max-lg:py-3 sm:max-lg:grid-cols-4"
    >
      <th
        scope="row"
        className="px-3 py-2 text-left align-top font-medium text-white max-lg:col-span-full max-lg:px-0 max-lg:pb-1"
      >
        <time dateTime={failure.queuedAt}>{time(failure.queuedAt)}</time>
      </th>
      <td data-label={t("admin.alerts.columns.channel")} className={cn(CELL, "text-ink-100")}>
        <span>{t(`admin.alerts.channels.${failure.channel}`)}</span>
      </td>
      <td data-label={t("admin.alerts.columns.event")} className={cn(CELL, "text-ink-100")}>
        <span>
          {t(`admin.alerts.events.${failure.event}`)}
          <span className="block text-xs text-ink-400">{failure.instrument}</span>
        </span>
      </td>
      <td data-label={t("admin.alerts.columns.user")} className={cn(CELL, "text-ink-100")}>
        <span className="break-all">{failure.username}</span>
      </td>
      <td
        data-label={t("admin.alerts.columns.attempts")}
        className={cn(CELL, "tabular-nums text-ink-100 lg:text-right")}
      >
        <span>{formatNumber(failure.attempts)}</span>
      </td>
      <td data-label={t("admin.alerts.columns.error")} className={cn(CELL, "max-lg:col-span-full")}>
        <span className="min-w-0">
          <span className="block break-words text-ink-100">
            <span
              className={cn(
                "mr-2 inline-flex rounded-full border px-2 py-0.5 align-[1px] text-xs font-medium",
                FAILURE_TONES[failure.status],
              )}
            >
              {t(`admin.alerts.failureKinds.${failure.status}`)}
            </span>
            {failure.error}
          </span>
          {failure.status === "failed" ? null : (
            <span className="mt-0.5 block text-xs text-ink-400">
              {failure.status === "retrying" && failure.nextAttemptAt
                ? t("admin.alerts.failureNotes.retrying", { time: time(failure.nextAttemptAt) })
                : t("admin.alerts.failureNotes.unknown")}
            </span>
          )}
        </span>
      </td>
    </tr>
  );
}

function Events({ events }: { events: readonly RecentAlertEvent[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-alerts-events">
      <h3 id="admin-alerts-events" className="text-base font-semibold text-white">
        {t("admin.alerts.eventsHeading")}
      </h3>
      <p className="mt-1 text-sm text-ink-300">{t("admin.alerts.eventsLead")}</p>
      {events.length === 0 ? (
        <p className="mt-3 rounded-xl border border-white/10 bg-white/[0.03] p-3 text-sm text-ink-200">
          {t("admin.alerts.noEvents")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-white/5 rounded-xl border border-white/10">
          {events.map((event) => (
            <li
              key={event.id}
              data-testid="alerts-event"
              className="flex flex-col gap-1 px-3 py-2.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-white">
                  {event.title || t(`admin.alerts.events.${event.event}`)}
                </p>
                <p className="text-xs text-ink-400">
                  <time dateTime={event.at}>{time(event.at)}</time> ·{" "}
                  {t(`admin.alerts.events.${event.event}`)} · {event.instrument}
                </p>
              </div>
              <EventCounts event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What an event's deliveries became: the statuses that have any, in words. */
function EventCounts({ event }: { event: RecentAlertEvent }) {
  const { t } = useTranslation();
  if (!event.fannedOut) {
    return <p className="shrink-0 text-xs text-sky-200">{t("admin.alerts.notFannedOut")}</p>;
  }
  const shown = COUNT_KEYS.filter((key) => event.counts[key] > 0);
  if (shown.length === 0) {
    return <p className="shrink-0 text-xs text-ink-400">{t("admin.alerts.noDeliveries")}</p>;
  }
  return (
    <p className="flex shrink-0 flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-200 sm:justify-end">
      {shown.map((key) => (
        <span
          key={key}
          className={cn(
            key === "failed" && "text-rose-200",
            key === "unknown" && "text-amber-100",
            key === "sent" && "text-emerald-200",
          )}
        >
          {t(`admin.alerts.statuses.${key}`)}{" "}
          <span className="font-mono font-medium">{formatNumber(event.counts[key])}</span>
        </span>
      ))}
    </p>
  );
}
