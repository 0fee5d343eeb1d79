import {
  type CalendarDay,
  type CalendarYearView,
  YEAR_STATUSES,
  type YearStatus,
} from "@kalpa/contracts/api/calendar";
import type { CalendarStatus } from "@kalpa/contracts/api/market";
import { formatDayKey } from "@kalpa/contracts/day-format";
import { CalendarCheck, CalendarClock, CalendarX, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatMoment } from "@/lib/dates";
import { useRemoveCalendarDay, useSetCalendarYear } from "../api/calendar-actions";
import { useCalendarYear } from "../api/get-calendar";
import {
  type DayFormState,
  dayLabel,
  EMPTY_DAY_FORM,
  formOf,
  yearChoices,
} from "../utils/calendar-view";
import { consoleHref } from "../utils/console-location";
import { CalendarDayForm } from "./calendar-day-form";
import { ConfirmDialog } from "./confirm-dialog";
import { SelectField } from "./fields";
import { Panel } from "./panel";
import { ActionError, QueryState } from "./query-state";
import "@/features/admin/i18n/en";

const STATUS_LOOKS: Record<CalendarStatus, { icon: typeof CalendarCheck; tone: string }> = {
  confirmed: {
    icon: CalendarCheck,
    tone: "border-emerald-300/30 bg-emerald-300/10 text-emerald-100",
  },
  provisional: { icon: CalendarClock, tone: "border-amber-300/50 bg-amber-300/10 text-amber-100" },
  unknown: { icon: CalendarX, tone: "border-rose-300/40 bg-rose-400/10 text-rose-100" },
};

/**
 * The Calendar view (`?view=calendar&year=`): a year's status (Provisional marked plainly), its holidays,
 * MCX evening-only days and special sessions with where each comes from (shipped or the operator's), the
 * next expiries the calendar gives; a form to add or change a day, Remove for an operator's row (after a
 * confirmation), and the year's status.
 */
export function CalendarPanel({ year }: { year: number | undefined }) {
  const { t } = useTranslation();
  const calendar = useCalendarYear(year);
  const [form, setForm] = useState<DayFormState>(EMPTY_DAY_FORM);
  const formRef = useRef<HTMLDivElement>(null);
  const data = calendar.data;
  const edit = (day: CalendarDay) => {
    setForm(formOf(day));
    // Focus (and so the scroll) goes to the form, filled with the day.
    formRef.current?.focus();
  };
  return (
    <>
      <Panel
        id="admin-calendar"
        title={t("admin.calendar.heading")}
        lead={t("admin.calendar.lead")}
      >
        {data ? (
          <YearDetails view={data} onEdit={edit} />
        ) : (
          <QueryState error={calendar.error} onRetry={() => void calendar.refetch()} />
        )}
      </Panel>
      <CalendarDayForm form={form} onChange={setForm} headingRef={formRef} />
      {data ? <YearStatusForm key={data.year} view={data} /> : null}
    </>
  );
}

function YearDetails({
  view,
  onEdit,
}: {
  view: CalendarYearView;
  onEdit: (day: CalendarDay) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const look = STATUS_LOOKS[view.status];
  const Icon = look.icon;
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <SelectField
          label={t("admin.calendar.year")}
          className="sm:w-40"
          value={view.year}
          onChange={(event) =>
            navigate(consoleHref({ view: "calendar", year: Number(event.target.value) }))
          }
        >
          {yearChoices(view.years, view.year).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
      </div>

      <div
        data-testid="calendar-status"
        data-status={view.status}
        className={cn("mt-4 rounded-xl border p-3 sm:p-4", look.tone)}
      >
        <p className="sr-only">{t("admin.calendar.statusLabel")}</p>
        <p className="flex items-start gap-2 text-base font-semibold sm:text-lg">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span className="min-w-0">
            {`${view.year}: ${t(`admin.calendar.statuses.${view.status}`)}`}
          </span>
        </p>
        <p className="mt-1.5 text-sm break-words opacity-90">
          {t(`admin.calendar.statusNotes.${view.status}`, { year: view.year })}
        </p>
        {view.statusOrigin ? (
          <p className="mt-1.5 text-xs opacity-75">
            {t(`admin.calendar.statusBy.${view.statusOrigin}`)}
          </p>
        ) : null}
      </div>

      {view.sources.length > 0 || view.notes.length > 0 ? (
        <dl className="mt-4 space-y-3 text-sm">
          {view.sources.length > 0 ? (
            <div>
              <dt className="text-xs text-ink-400">{t("admin.calendar.sources")}</dt>
              <dd className="mt-1 space-y-1 break-words text-ink-200">
                {view.sources.map((source) => (
                  <p key={source}>{source}</p>
                ))}
              </dd>
            </div>
          ) : null}
          {view.notes.length > 0 ? (
            <div>
              <dt className="text-xs text-ink-400">{t("admin.calendar.notes")}</dt>
              <dd className="mt-1 space-y-1 break-words text-amber-100">
                {view.notes.map((note) => (
                  <p key={note}>{note}</p>
                ))}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      <Expiries view={view} />
      <DayList view={view} onEdit={onEdit} />
    </>
  );
}

function Expiries({ view }: { view: CalendarYearView }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="admin-calendar-expiries"
      className="mt-4 rounded-xl border border-white/10 bg-white/[0.03] p-3 sm:p-4"
    >
      <h3 id="admin-calendar-expiries" className="text-sm font-semibold text-white">
        {t("admin.calendar.expiries", { day: formatDayKey(view.from) })}
      </h3>
      <dl
        data-testid="calendar-expiries"
        className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2"
      >
        {view.expiries.map((expiry) => (
          <div key={`${expiry.symbol}:${expiry.kind}`} className="flex justify-between gap-3">
            <dt className="text-ink-300">
              {`${expiry.symbol} ${t(`admin.calendar.expiryKinds.${expiry.kind}`)}`}
            </dt>
            <dd className="font-mono text-white tabular-nums">{dayLabel(expiry.day)}</dd>
          </div>
        ))}
      </dl>
      {view.expiriesFrom === "broker" ? (
        <p className="mt-2 text-xs text-ink-400">{t("admin.calendar.expiriesBroker")}</p>
      ) : null}
    </section>
  );
}

/** What trades on a day, in words: "NSE closed · MCX evening only · NSE Muhurat 18:00-19:00". */
function Trading({ day }: { day: Pick<CalendarDay, "nse" | "mcx" | "sessions" | "day"> }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1.5">
      <Chip>{t(`admin.calendar.nse.${day.nse}`)}</Chip>
      <Chip>{t(`admin.calendar.mcx.${day.mcx}`)}</Chip>
      {day.sessions.map((session) => (
        <Chip
          key={`${session.exchange}:${session.open}`}
          className="border-sky-300/30 bg-sky-300/10 text-sky-100"
        >
          {`${session.exchange} ${t(`admin.calendar.kinds.${session.kind}`)} ${session.open}–${session.close}`}
        </Chip>
      ))}
    </span>
  );
}

function Chip({ children, className }: { children: string; className?: string }) {
  return (
    <span
      className={cn(
        "rounded-md border border-white/10 bg-white/5 px-2 py-0.5 text-xs whitespace-nowrap text-ink-100",
        className,
      )}
    >
      {children}
    </span>
  );
}

function DayList({ view, onEdit }: { view: CalendarYearView; onEdit: (day: CalendarDay) => void }) {
  const { t } = useTranslation();
  const remove = useRemoveCalendarDay();
  const [removing, setRemoving] = useState<CalendarDay | null>(null);
  return (
    <section aria-labelledby="admin-calendar-days" className="mt-6">
      <h3 id="admin-calendar-days" className="text-sm font-semibold text-white">
        {t("admin.calendar.days")}
      </h3>
      {view.days.length === 0 ? (
        <p className="mt-2 text-sm text-ink-400">{t("admin.calendar.noDays")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-white/5 rounded-xl border border-white/10">
          {view.days.map((day) => (
            <li
              key={day.day}
              data-testid={`calendar-day-${day.day}`}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0 space-y-1.5">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-mono text-sm text-white tabular-nums">
                    {dayLabel(day.day)}
                  </span>
                  <span className="text-sm font-medium break-words text-ink-100">{day.name}</span>
                  <span
                    className={cn(
                      "rounded-md px-1.5 py-0.5 text-[11px] font-semibold tracking-wide uppercase",
                      day.origin === "operator"
                        ? "bg-accent-400/15 text-accent-200"
                        : "bg-white/5 text-ink-300",
                    )}
                  >
                    {t(`admin.calendar.origins.${day.origin}`)}
                  </span>
                  {view.status !== "confirmed" ? (
                    <span className="rounded-md bg-amber-300/15 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-amber-100 uppercase">
                      {t(`admin.calendar.statuses.${view.status}`)}
                    </span>
                  ) : null}
                </p>
                <Trading day={day} />
                {day.origin === "operator" ? (
                  <p className="text-xs break-words text-ink-400">
                    {day.source}
                    {day.updatedBy && day.updatedAt
                      ? ` · ${t("admin.calendar.setBy", {
                          who: day.updatedBy,
                          time: formatMoment(day.updatedAt, "en"),
                        })}`
                      : ""}
                  </p>
                ) : null}
                {day.shipped ? (
                  <p className="text-xs break-words text-ink-400">
                    {t("admin.calendar.replaces", { name: day.shipped.name })}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 gap-2">
                <button
                  type="button"
                  onClick={() => onEdit(day)}
                  aria-label={t("admin.calendar.changeDay", { day: formatDayKey(day.day) })}
                  className={buttonStyles({ variant: "secondary", size: "sm" })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  {t("admin.calendar.change")}
                </button>
                {day.origin === "operator" ? (
                  <button
                    type="button"
                    disabled={remove.isPending}
                    onClick={() => setRemoving(day)}
                    aria-haspopup="dialog"
                    aria-label={t("admin.calendar.removeDay", { day: formatDayKey(day.day) })}
                    className={buttonStyles({ variant: "danger", size: "sm" })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t("admin.calendar.remove")}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionError error={remove.error} />
      {remove.isSuccess && remove.data.message ? (
        <FormMessage tone="success" className="mt-4">
          {remove.data.message}
        </FormMessage>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t("admin.calendar.removeTitle")}
        body={t("admin.calendar.removeBody", {
          day: removing ? formatDayKey(removing.day) : "",
        })}
        confirmLabel={t("admin.calendar.remove")}
        onConfirm={() => {
          if (removing) remove.mutate(removing.day);
        }}
      />
    </section>
  );
}

function YearStatusForm({ view }: { view: CalendarYearView }) {
  const { t } = useTranslation();
  const set = useSetCalendarYear();
  const [status, setStatus] = useState<YearStatus>(
    view.status === "confirmed" ? "confirmed" : "provisional",
  );
  const [source, setSource] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate({ year: view.year, body: { status, source } });
  };
  return (
    <Panel id="admin-calendar-year" title={t("admin.calendar.yearForm.heading")}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
      >
        <SelectField
          label={t("admin.calendar.yearForm.status", { year: view.year })}
          value={status}
          onChange={(event) => setStatus(event.target.value as YearStatus)}
        >
          {YEAR_STATUSES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`admin.calendar.statuses.${choice}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("admin.calendar.yearForm.source")}
          hint={t("admin.calendar.yearForm.sourceHint")}
          maxLength={200}
          value={source}
          onChange={(event) => setSource(event.target.value)}
        />
        <button
          type="submit"
          disabled={set.isPending}
          className={buttonStyles({ className: "w-full sm:mt-6 sm:w-auto" })}
        >
          {t("admin.calendar.yearForm.submit")}
        </button>
      </form>
      <ActionError error={set.error} />
      {set.isSuccess && set.data.message ? (
        <FormMessage tone="success" className="mt-4">
          {set.data.message}
        </FormMessage>
      ) : null}
    </Panel>
  );
}
