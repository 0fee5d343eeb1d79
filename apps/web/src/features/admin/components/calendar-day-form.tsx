import {
  CALENDAR_EXCHANGES,
  CalendarDayBodySchema,
  type CalendarSession,
  MAX_SESSIONS_PER_DAY,
  MCX_DAY_STATES,
  NSE_DAY_STATES,
  SPECIAL_SESSION_KINDS,
} from "@kalpa/contracts/api/calendar";
import { DayKeySchema } from "@kalpa/contracts/names";
import { Plus, Save, X } from "lucide-react";
import { type FormEvent, type Ref, useId, useState } from "react";
import * as z from "zod/mini";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useSetCalendarDay } from "../api/calendar-actions";
import { bodyOf, type DayFormState, EMPTY_DAY_FORM, NEW_SESSION } from "../utils/calendar-view";
import { SelectField } from "./fields";
import { Panel } from "./panel";
import "@/features/admin/i18n/en";

type Errors = Record<string, string>;

/** Each field's first issue, by its path ("name", "sessions.0.open"). */
function byPath(issues: ReadonlyArray<{ path: string; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path || "form"] ??= issue.message;
  return errors;
}

const timeInput = cn(
  "block w-full rounded-lg border border-white/10 bg-ink-900/80 px-3 py-2 text-base text-white tabular-nums sm:text-sm",
  "focus:border-accent-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-400/60 aria-invalid:border-red-400/70",
);

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-200">
      {message}
    </p>
  );
}

/**
 * Adds or changes a day (PUT /api/admin/calendar/days/:day): NSE open or closed, MCX regular, evening-only
 * or closed, special sessions (Muhurat, special) and the source. Checked with the server's schema first; the
 * server's refusals show beside their fields.
 */
export function CalendarDayForm({
  form,
  onChange,
  headingRef,
}: {
  form: DayFormState;
  onChange: (next: DayFormState) => void;
  headingRef?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetCalendarDay();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const edit = (patch: Partial<DayFormState>) => {
    onChange({ ...form, ...patch });
    setSaved(null);
  };
  const editSession = (index: number, patch: Partial<CalendarSession>) =>
    edit({
      sessions: form.sessions.map((session, i) =>
        i === index ? { ...session, ...patch } : session,
      ),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    setFormError(null);
    const issues: Array<{ path: string; message: string }> = [];
    if (!z.safeParse(DayKeySchema, form.day).success) {
      issues.push({ path: "day", message: t("admin.calendar.form.dayRequired") });
    }
    const parsed = CalendarDayBodySchema.safeParse(bodyOf(form));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push({ path: issue.path.join("."), message: issue.message });
      }
    }
    if (issues.length > 0 || !parsed.success) {
      setErrors(byPath(issues));
      setFormError(t("admin.calendar.form.invalid"));
      return;
    }
    setErrors({});
    save.mutate(
      { day: form.day, body: parsed.data },
      {
        onSuccess: (result) => setSaved(result.message ?? t("admin.calendar.form.saved")),
        onError: (error) => {
          const next = byPath(isApiError(error) ? error.issues : []);
          setErrors(next);
          setFormError(error.message);
        },
      },
    );
  };

  const err = (path: string) => errors[path];
  const errId = (path: string) => `${id}-${path.replaceAll(".", "-")}`;

  return (
    <Panel
      id="admin-calendar-form"
      title={t("admin.calendar.form.heading")}
      lead={t("admin.calendar.form.lead")}
    >
      <div ref={headingRef} tabIndex={-1} className="outline-none" />
      {formError ? (
        <FormMessage tone="error" id={`${id}-form`} className="mb-4">
          {formError}
        </FormMessage>
      ) : null}
      <form
        onSubmit={submit}
        noValidate
        aria-describedby={formError ? `${id}-form` : undefined}
        className="grid gap-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField
              label={t("admin.calendar.form.day")}
              name="day"
              type="date"
              value={form.day}
              invalid={err("day") !== undefined}
              errorId={errId("day")}
              onChange={(event) => edit({ day: event.target.value })}
            />
            <FieldError id={errId("day")} message={err("day")} />
          </div>
          <div>
            <TextField
              label={t("admin.calendar.form.name")}
              name="name"
              hint={t("admin.calendar.form.nameHint")}
              maxLength={80}
              value={form.name}
              invalid={err("name") !== undefined}
              errorId={errId("name")}
              onChange={(event) => edit({ name: event.target.value })}
            />
            <FieldError id={errId("name")} message={err("name")} />
          </div>
          <div>
            <SelectField
              label={t("admin.calendar.form.nse")}
              name="nse"
              value={form.nse}
              aria-invalid={err("nse") !== undefined || undefined}
              aria-describedby={err("nse") ? errId("nse") : undefined}
              onChange={(event) => edit({ nse: event.target.value as DayFormState["nse"] })}
            >
              {NSE_DAY_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`admin.calendar.nse.${state}`)}
                </option>
              ))}
            </SelectField>
            <FieldError id={errId("nse")} message={err("nse")} />
          </div>
          <div>
            <SelectField
              label={t("admin.calendar.form.mcx")}
              name="mcx"
              value={form.mcx}
              aria-invalid={err("mcx") !== undefined || undefined}
              aria-describedby={err("mcx") ? errId("mcx") : undefined}
              onChange={(event) => edit({ mcx: event.target.value as DayFormState["mcx"] })}
            >
              {MCX_DAY_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`admin.calendar.mcx.${state}`)}
                </option>
              ))}
            </SelectField>
            <FieldError id={errId("mcx")} message={err("mcx")} />
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-ink-100">
            {t("admin.calendar.form.sessions")}
          </legend>
          {form.sessions.length === 0 ? (
            <p className="mt-1 text-sm text-ink-400">{t("admin.calendar.form.noSessions")}</p>
          ) : null}
          <ul className="mt-2 space-y-3">
            {form.sessions.map((session, index) => {
              const path = `sessions.${index}`;
              const message = err(path) ?? err(`${path}.open`) ?? err(`${path}.close`);
              const n = index + 1;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: sessions have no identity but their place.
                <li key={index} className="rounded-xl border border-white/10 bg-white/[0.03] p-3">
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto] sm:items-end">
                    <SelectField
                      label={`${t("admin.calendar.form.exchange")} ${n}`}
                      value={session.exchange}
                      onChange={(event) =>
                        editSession(index, {
                          exchange: event.target.value as CalendarSession["exchange"],
                        })
                      }
                    >
                      {CALENDAR_EXCHANGES.map((exchange) => (
                        <option key={exchange} value={exchange}>
                          {exchange}
                        </option>
                      ))}
                    </SelectField>
                    <SelectField
                      label={`${t("admin.calendar.form.kind")} ${n}`}
                      value={session.kind}
                      onChange={(event) =>
                        editSession(index, { kind: event.target.value as CalendarSession["kind"] })
                      }
                    >
                      {SPECIAL_SESSION_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {t(`admin.calendar.kinds.${kind}`)}
                        </option>
                      ))}
                    </SelectField>
                    {(["open", "close"] as const).map((end) => (
                      <label key={end} className="block text-sm font-medium text-ink-100">
                        {`${t(`admin.calendar.form.${end}`)} ${n}`}
                        <input
                          type="time"
                          value={session[end]}
                          aria-invalid={message !== undefined || undefined}
                          aria-describedby={message ? errId(path) : undefined}
                          onChange={(event) => editSession(index, { [end]: event.target.value })}
                          className={cn(timeInput, "mt-1.5")}
                        />
                      </label>
                    ))}
                    <button
                      type="button"
                      onClick={() =>
                        edit({ sessions: form.sessions.filter((_, i) => i !== index) })
                      }
                      aria-label={t("admin.calendar.form.removeSession", { n })}
                      className={buttonStyles({
                        variant: "secondary",
                        size: "sm",
                        className: "col-span-2 sm:col-span-1",
                      })}
                    >
                      <X aria-hidden="true" className="size-4" />
                      <span className="sm:sr-only">{t("admin.calendar.remove")}</span>
                    </button>
                  </div>
                  <FieldError id={errId(path)} message={message} />
                </li>
              );
            })}
          </ul>
          {form.sessions.length < MAX_SESSIONS_PER_DAY ? (
            <button
              type="button"
              onClick={() => edit({ sessions: [...form.sessions, { ...NEW_SESSION }] })}
              className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-3" })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("admin.calendar.form.addSession")}
            </button>
          ) : null}
          <FieldError id={errId("sessions")} message={err("sessions")} />
        </fieldset>

        <div>
          <TextField
            label={t("admin.calendar.form.source")}
            name="source"
            hint={t("admin.calendar.form.sourceHint")}
            maxLength={200}
            value={form.source}
            invalid={err("source") !== undefined}
            errorId={errId("source")}
            onChange={(event) => edit({ source: event.target.value })}
          />
          <FieldError id={errId("source")} message={err("source")} />
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="submit"
            disabled={save.isPending}
            className={buttonStyles({ className: "w-full sm:w-auto" })}
          >
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? t("admin.calendar.form.saving") : t("admin.calendar.form.submit")}
          </button>
          <button
            type="button"
            onClick={() => {
              onChange(EMPTY_DAY_FORM);
              setErrors({});
              setFormError(null);
              setSaved(null);
            }}
            className={buttonStyles({ variant: "secondary", className: "w-full sm:w-auto" })}
          >
            {t("admin.calendar.form.cancel")}
          </button>
        </div>
        {saved ? <FormMessage tone="success">{saved}</FormMessage> : null}
      </form>
    </Panel>
  );
}
