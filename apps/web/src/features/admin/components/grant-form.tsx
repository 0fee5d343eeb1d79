import {
  CONTRIBUTION_METHODS,
  type ContributionMethod,
  type GrantAccess,
  MAX_GRANT_DAYS,
} from "@kalpa/contracts/api/admin";
import { ADMIN_MESSAGES, RISK_DISCLOSURE_MESSAGES } from "@kalpa/contracts/messages";
import { ACCESS_KEYS, type AccessKey } from "@kalpa/contracts/names";
import { latestPaidLastDay, raFeeRuleOn } from "@kalpa/contracts/ra-fees";
import { CalendarPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import { useTranslation } from "@/i18n";
import { addDays, daysBetween, formatDayKey, todayKey } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import { useUserAction } from "../api/user-action";
import { monthsFor, suggestedAmount } from "../utils/suggested-amount";
import { Choice, ChoiceGroup, SelectField, TextAreaField } from "./fields";
import { Panel } from "./panel";
import { ActionError } from "./query-state";
import "@/features/admin/i18n/en";

/**
 * Grant or extend access to one or more instruments, for N days or until a date, recording the
 * contribution received. The amount follows ₹4,999 × instruments × months until the operator types one (a
 * complimentary grant suggests nothing). Refused until the signed agreement is recorded, which it says.
 * With a research-analyst profile it states how far ahead fees may be paid (the server refuses more), and a
 * contribution over SEBI's yearly limit comes back as a warning the operator may confirm (decision 033).
 */
export function GrantForm({
  userId,
  signedCopyReceived,
}: {
  userId: string;
  signedCopyReceived: boolean;
}) {
  const { t } = useTranslation();
  const grant = useUserAction(userId, "grant");
  const today = todayKey();
  const [instruments, setInstruments] = useState<AccessKey[]>([]);
  const [mode, setMode] = useState<"days" | "until">("days");
  const [days, setDays] = useState("30");
  const [until, setUntil] = useState(addDays(today, 29));
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const [method, setMethod] = useState<ContributionMethod>("upi");
  const [reference, setReference] = useState("");
  const [receivedOn, setReceivedOn] = useState(today);
  const [note, setNote] = useState("");
  /** The grant the server answered with the yearly-limit warning, ready to send again confirmed. */
  const [warned, setWarned] = useState<GrantAccess | null>(null);
  const underRules = Boolean(useResearchAnalyst().data?.profile);
  const rule = raFeeRuleOn(today as never);
  const latestLastDay = underRules ? latestPaidLastDay(today as never, rule.advanceMonths) : null;

  const periodDays =
    mode === "days" ? Number(days) || 0 : Math.max(0, (daysBetween(today, until) ?? -1) + 1);
  const suggested =
    method === "complimentary" ? 0 : suggestedAmount(Math.max(1, instruments.length), periodDays);
  const amount = typedAmount ?? String(suggested);

  const toggle = (key: AccessKey, on: boolean) =>
    setInstruments((current) =>
      ACCESS_KEYS.filter((candidate) => (candidate === key ? on : current.includes(candidate))),
    );

  const send = (body: GrantAccess) => {
    setWarned(null);
    grant.mutate(body, {
      onError: (error) => {
        const issues = "issues" in error && Array.isArray(error.issues) ? error.issues : [];
        if (issues.some((issue: { path: string }) => issue.path === "confirmOverFeeLimit")) {
          setWarned(body);
        }
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (instruments.length === 0) return;
    send({
      instruments,
      ...(mode === "days" ? { days: Number(days) } : { until }),
      contribution: {
        amountRupees: Number(amount),
        method,
        reference: reference.trim(),
        receivedOn,
        ...(note.trim() ? { note: note.trim() } : {}),
      },
    });
  };
  const period =
    rule.advanceMonths === 12
      ? t("admin.grant.periods.year")
      : rule.advanceMonths === 3
        ? t("admin.grant.periods.quarter")
        : t("admin.grant.periods.months", { months: rule.advanceMonths });

  return (
    <Panel id="admin-grant" title={t("admin.grant.heading")} lead={t("admin.grant.lead")}>
      {signedCopyReceived ? null : (
        <FormMessage tone="info" className="mb-4">
          {RISK_DISCLOSURE_MESSAGES.signedCopyPending}
        </FormMessage>
      )}
      <form onSubmit={submit} className="grid gap-5">
        <ChoiceGroup legend={t("admin.grant.instruments")}>
          {ACCESS_KEYS.map((key) => (
            <Choice
              key={key}
              type="checkbox"
              label={key}
              checked={instruments.includes(key)}
              onChange={(event) => toggle(key, event.target.checked)}
            />
          ))}
        </ChoiceGroup>

        <ChoiceGroup legend={t("admin.grant.period")}>
          <Choice
            type="radio"
            name={`grant-mode-${userId}`}
            label={t("admin.grant.byDays")}
            checked={mode === "days"}
            onChange={() => setMode("days")}
          />
          <Choice
            type="radio"
            name={`grant-mode-${userId}`}
            label={t("admin.grant.byDate")}
            checked={mode === "until"}
            onChange={() => setMode("until")}
          />
        </ChoiceGroup>

        <div className="grid gap-4 sm:grid-cols-2">
          {mode === "days" ? (
            <TextField
              label={t("admin.grant.days")}
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={MAX_GRANT_DAYS}
              step={1}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          ) : (
            <TextField
              label={t("admin.grant.until")}
              type="date"
              required
              min={today}
              max={latestLastDay ?? undefined}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
          )}
        </div>
        {latestLastDay ? (
          <p className="-mt-2 text-sm text-ink-300" data-testid="admin-grant-advance-rule">
            {t("admin.grant.advanceRule", { period, date: formatDayKey(latestLastDay, "en") })}
          </p>
        ) : null}

        <fieldset className="grid gap-4 rounded-xl border border-white/10 p-3 sm:grid-cols-2 sm:p-4">
          <legend className="px-1 text-sm font-medium text-ink-100">
            {t("admin.grant.contribution")}
          </legend>
          <TextField
            label={t("admin.grant.amount")}
            type="number"
            inputMode="numeric"
            required
            min={0}
            step={1}
            value={amount}
            hint={t("admin.grant.amountHint", {
              amount: formatRupees(suggestedAmount(Math.max(1, instruments.length), periodDays)),
              instruments: Math.max(1, instruments.length),
              months: monthsFor(periodDays),
            })}
            onChange={(event) => setTypedAmount(event.target.value)}
          />
          <SelectField
            label={t("admin.grant.method")}
            value={method}
            onChange={(event) => setMethod(event.target.value as ContributionMethod)}
          >
            {CONTRIBUTION_METHODS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.grant.methods.${value}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={`${t("admin.grant.reference")} ${t("admin.common.optional")}`}
            hint={t("admin.grant.referenceHint")}
            maxLength={120}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
          <TextField
            label={t("admin.grant.receivedOn")}
            type="date"
            required
            max={today}
            value={receivedOn}
            onChange={(event) => setReceivedOn(event.target.value)}
          />
          <TextAreaField
            label={`${t("admin.grant.note")} ${t("admin.common.optional")}`}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="sm:col-span-2"
          />
        </fieldset>

        <div>
          <button
            type="submit"
            disabled={grant.isPending || instruments.length === 0 || !signedCopyReceived}
            className={buttonStyles({ className: "w-full sm:w-auto" })}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {grant.isPending ? t("admin.common.saving") : t("admin.grant.submit")}
          </button>
          {instruments.length === 0 ? (
            <p className="mt-2 text-sm text-ink-400">{t("admin.grant.chooseInstrument")}</p>
          ) : null}
          {warned && grant.error ? (
            <div
              role="alert"
              className="mt-4 rounded-xl border border-amber-300/30 bg-amber-300/10 p-3 text-sm text-amber-100 sm:p-4"
            >
              <p className="font-semibold text-amber-50">{t("admin.grant.feeLimitTitle")}</p>
              <p className="mt-1">{grant.error.message}</p>
              <button
                type="button"
                disabled={grant.isPending}
                onClick={() => send({ ...warned, confirmOverFeeLimit: true })}
                className={buttonStyles({ variant: "secondary", className: "mt-3" })}
              >
                {t("admin.grant.recordAnyway")}
              </button>
            </div>
          ) : (
            <ActionError error={grant.error} />
          )}
          {grant.isSuccess ? (
            <FormMessage tone="success" className="mt-4">
              {grant.data.message ?? ADMIN_MESSAGES.granted}
            </FormMessage>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
