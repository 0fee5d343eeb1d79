import {
  type ComplaintsMonth,
  ComplaintsMonthInputSchema,
  type ResearchAnalystProfile,
  ResearchAnalystProfileSchema,
} from "@kalpa/contracts/api/research-analyst";
import { Save, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useComplaints } from "@/features/site/api/get-complaints";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { formatDay } from "@/lib/dates";
import { formatNumber } from "@/lib/format";
import {
  useClearResearchAnalyst,
  useSetComplaintsMonth,
  useSetResearchAnalyst,
} from "../api/research-analyst-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { Choice } from "./fields";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import "@/features/admin/i18n/en";

type Errors = Record<string, string>;

const OFFICERS = ["principalOfficer", "complianceOfficer", "grievanceOfficer"] as const;
const OFFICER_FIELDS = ["name", "email", "phone"] as const;

/** The form's text: every field a string (the dates empty when unset). */
interface ProfileForm {
  registeredName: string;
  registrationNumber: string;
  validFrom: string;
  validTo: string;
  raasbEnlistment: string;
  principalOfficer: { name: string; email: string; phone: string };
  complianceOfficer: { name: string; email: string; phone: string };
  grievanceOfficer: { name: string; email: string; phone: string };
  correspondenceAddress: string;
  parrvaVerified: boolean;
}

const NO_OFFICER = { name: "", email: "", phone: "" };
const EMPTY_FORM: ProfileForm = {
  registeredName: "",
  registrationNumber: "",
  validFrom: "",
  validTo: "",
  raasbEnlistment: "",
  principalOfficer: NO_OFFICER,
  complianceOfficer: NO_OFFICER,
  grievanceOfficer: NO_OFFICER,
  correspondenceAddress: "",
  parrvaVerified: false,
};

function formOf(profile: ResearchAnalystProfile | null): ProfileForm {
  if (!profile) return EMPTY_FORM;
  return { ...profile, validTo: profile.validTo ?? "" };
}

function bodyOf(form: ProfileForm) {
  return { ...form, validTo: form.validTo === "" ? null : form.validTo };
}

function byPath(issues: ReadonlyArray<{ path: string; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path || "form"] ??= issue.message;
  return errors;
}

/**
 * The console's research-analyst view: without a profile, what one would add; the profile's form (checked
 * with the server's schema first, the server's refusals beside their fields), its removal, and the monthly
 * complaints table with a form for one month.
 */
export function ResearchAnalystPanel() {
  const query = useResearchAnalyst();
  const data = query.data;
  if (!data) return <QueryState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      {data.profile ? null : <WithoutProfile />}
      {/* Not keyed by the profile: saving keeps the form and says so. */}
      <ProfilePanel profile={data.profile} updatedAt={data.updatedAt} />
      <ComplaintsPanel />
    </>
  );
}

function WithoutProfile() {
  const { t } = useTranslation();
  const adds = ["footer", "pages", "wording", "terms", "card", "journal", "fees"] as const;
  return (
    <Panel
      id="admin-analyst-without"
      title={t("admin.analyst.without")}
      lead={t("admin.analyst.withoutLead")}
      className="border-amber-300/20"
    >
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-200 marker:text-accent-400">
        {adds.map((key) => (
          <li key={key}>{t(`admin.analyst.adds.${key}`)}</li>
        ))}
      </ul>
    </Panel>
  );
}

function ProfilePanel({
  profile,
  updatedAt,
}: {
  profile: ResearchAnalystProfile | null;
  updatedAt: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetResearchAnalyst();
  const clear = useClearResearchAnalyst();
  const [form, setForm] = useState<ProfileForm>(() => formOf(profile));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const edit = (patch: Partial<ProfileForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setSaved(null);
  };
  const editOfficer = (
    officer: (typeof OFFICERS)[number],
    field: (typeof OFFICER_FIELDS)[number],
    value: string,
  ) => edit({ [officer]: { ...form[officer], [field]: value } });

  const refused = (error: Error) => {
    setErrors(byPath(isApiError(error) ? error.issues : []));
    setFormError(error.message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = ResearchAnalystProfileSchema.safeParse(bodyOf(form));
    if (!parsed.success) {
      setErrors(
        byPath(
          parsed.error.issues.map((issue) => ({
            path: issue.path.join("."),
            message: issue.message,
          })),
        ),
      );
      setFormError(t("admin.analyst.invalid"));
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(parsed.data, {
      onSuccess: (result) => setSaved(result.message ?? null),
      onError: refused,
    });
  };

  const field = (path: string) => ({
    invalid: errors[path] !== undefined,
    errorId: `${id}-${path.replaceAll(".", "-")}`,
  });
  const fieldError = (path: string) =>
    errors[path] ? (
      <p id={`${id}-${path.replaceAll(".", "-")}`} className="mt-1.5 text-sm text-red-200">
        {errors[path]}
      </p>
    ) : null;
  const text = (
    path: keyof Pick<
      ProfileForm,
      | "registeredName"
      | "registrationNumber"
      | "validFrom"
      | "validTo"
      | "raasbEnlistment"
      | "correspondenceAddress"
    >,
    label: string,
    type = "text",
  ) => (
    <div>
      <TextField
        label={label}
        name={path}
        type={type}
        value={form[path]}
        onChange={(event) => edit({ [path]: event.target.value })}
        {...field(path)}
      />
      {fieldError(path)}
    </div>
  );

  return (
    <Panel
      id="admin-analyst-profile"
      title={t("admin.analyst.heading")}
      lead={t("admin.analyst.lead")}
    >
      {updatedAt ? (
        <p className="mb-4 text-sm text-accent-200">
          {t("admin.analyst.current", { date: formatDay(updatedAt, "en") })}
        </p>
      ) : null}
      {formError ? (
        <FormMessage tone="error" id={`${id}-form`} className="mb-4">
          {formError}
        </FormMessage>
      ) : null}
      {saved ? (
        <FormMessage tone="success" className="mb-4">
          {saved}
        </FormMessage>
      ) : null}
      <form onSubmit={submit} noValidate className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("registeredName", t("admin.analyst.registeredName"))}
          {text("registrationNumber", t("admin.analyst.registrationNumber"))}
          {text("validFrom", t("admin.analyst.validFrom"), "date")}
          {text("validTo", t("admin.analyst.validTo"), "date")}
          {text("raasbEnlistment", t("admin.analyst.raasb"))}
          {text("correspondenceAddress", t("admin.analyst.address"))}
        </div>
        {OFFICERS.map((officer) => (
          <fieldset key={officer} className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold text-white sm:col-span-3">
              {t(`admin.analyst.${officer}`)}
            </legend>
            {OFFICER_FIELDS.map((name) => {
              const path = `${officer}.${name}`;
              return (
                <div key={name}>
                  <TextField
                    label={t(`admin.analyst.${name}`)}
                    name={path}
                    type={name === "email" ? "email" : name === "phone" ? "tel" : "text"}
                    value={form[officer][name]}
                    onChange={(event) => editOfficer(officer, name, event.target.value)}
                    {...field(path)}
                  />
                  {fieldError(path)}
                </div>
              );
            })}
          </fieldset>
        ))}
        <div>
          <Choice
            type="checkbox"
            label={t("admin.analyst.parrva")}
            checked={form.parrvaVerified}
            onChange={(event) => edit({ parrvaVerified: event.target.checked })}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" disabled={save.isPending} className={buttonStyles()}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? t("admin.analyst.saving") : t("admin.analyst.save")}
          </button>
          {profile ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={clear.isPending}
              className={buttonStyles({ variant: "secondary" })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t("admin.analyst.remove")}
            </button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.analyst.remove")}
        body={t("admin.analyst.removeConfirm")}
        confirmLabel={t("admin.analyst.remove")}
        onConfirm={() => {
          setConfirming(false);
          clear.mutate(undefined, { onError: refused });
        }}
      />
    </Panel>
  );
}

/** The current month, YYYY-MM, in India. */
function currentMonth(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
  }).format(new Date());
}

const COUNT_FIELDS = ["received", "resolved", "pending", "averageResolutionDays"] as const;

function ComplaintsPanel() {
  const { t } = useTranslation();
  const id = useId();
  const complaints = useComplaints();
  const save = useSetComplaintsMonth();
  const [month, setMonth] = useState(currentMonth);
  const [counts, setCounts] = useState<Record<(typeof COUNT_FIELDS)[number], string>>({
    received: "0",
    resolved: "0",
    pending: "0",
    averageResolutionDays: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
    const parsed = ComplaintsMonthInputSchema.safeParse({
      received: number(counts.received),
      resolved: number(counts.resolved),
      pending: number(counts.pending),
      averageResolutionDays:
        counts.averageResolutionDays.trim() === "" ? null : number(counts.averageResolutionDays),
    });
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        }));
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      issues.push({ path: "month", message: t("admin.analyst.monthInvalid") });
    }
    if (!parsed.success || issues.length > 0) {
      setErrors(byPath(issues));
      setMessage({ tone: "error", text: t("admin.analyst.invalid") });
      return;
    }
    setErrors({});
    save.mutate(
      { month, body: parsed.data },
      {
        onSuccess: (result) => setMessage({ tone: "success", text: result.message ?? "" }),
        onError: (error) => {
          setErrors(byPath(isApiError(error) ? error.issues : []));
          setMessage({ tone: "error", text: error.message });
        },
      },
    );
  };

  const errorOf = (path: string) =>
    errors[path] ? (
      <p id={`${id}-${path}`} className="mt-1.5 text-sm text-red-200">
        {errors[path]}
      </p>
    ) : null;

  return (
    <Panel
      id="admin-analyst-complaints"
      title={t("admin.analyst.complaintsHeading")}
      lead={t("admin.analyst.complaintsLead")}
    >
      {message ? (
        <FormMessage tone={message.tone} className="mb-4">
          {message.text}
        </FormMessage>
      ) : null}
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-5 sm:items-start">
        <div>
          <TextField
            label={t("admin.analyst.monthField")}
            name="month"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            invalid={errors.month !== undefined}
            errorId={`${id}-month`}
          />
          {errorOf("month")}
        </div>
        {COUNT_FIELDS.map((name) => (
          <div key={name}>
            <TextField
              label={t(`admin.analyst.${name}`)}
              name={name}
              inputMode="decimal"
              value={counts[name]}
              onChange={(event) => setCounts({ ...counts, [name]: event.target.value })}
              invalid={errors[name] !== undefined}
              errorId={`${id}-${name}`}
            />
            {errorOf(name)}
          </div>
        ))}
        <div className="sm:col-span-5">
          <button type="submit" disabled={save.isPending} className={buttonStyles()}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? t("admin.analyst.saving") : t("admin.analyst.saveMonth")}
          </button>
        </div>
      </form>
      <div className="mt-6">
        {complaints.data ? (
          <MonthsTable months={complaints.data.months} />
        ) : (
          <QueryState error={complaints.error} onRetry={() => void complaints.refetch()} />
        )}
      </div>
    </Panel>
  );
}

function MonthsTable({ months }: { months: ComplaintsMonth[] }) {
  const { t } = useTranslation();
  if (months.length === 0)
    return <p className="text-sm text-ink-300">{t("admin.analyst.noMonths")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[30rem] text-sm">
        <thead className="text-ink-300">
          <tr>
            <th scope="col" className="py-2 text-left font-medium">
              {t("admin.analyst.monthField")}
            </th>
            {COUNT_FIELDS.map((name) => (
              <th key={name} scope="col" className="py-2 text-right font-medium">
                {t(`admin.analyst.${name}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5 text-ink-50">
          {months.map((row) => (
            <tr key={row.month}>
              <th scope="row" className="py-2 text-left font-mono font-medium">
                {row.month}
              </th>
              {COUNT_FIELDS.map((name) => (
                <td key={name} className="py-2 text-right font-mono tabular-nums">
                  {formatNumber(row[name])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
