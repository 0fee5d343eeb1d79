import { MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import {
  MANUAL_SIGNAL_MAX_LOTS,
  ManualSignalSchema,
  OPTION_TYPES,
  type OptionType,
  STRIKE_STEPS,
} from "@kalpa/contracts/signals";
import { Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { useSendManualSignal } from "../api/signal-actions";
import { Choice, ChoiceGroup, SelectField } from "./fields";
import { Panel } from "./panel";
import "@/features/admin/i18n/en";

const PRICE_FIELDS = ["strike", "entryLow", "entryHigh", "target", "stopLoss", "lots"] as const;
type PriceField = (typeof PRICE_FIELDS)[number];
type Field = PriceField | "model" | "optionType";
type Errors = Partial<Record<Field, string>>;

const EMPTY: Record<PriceField, string> = {
  strike: "",
  entryLow: "",
  entryHigh: "",
  target: "",
  stopLoss: "",
  lots: "",
};

/** A typed number, or undefined when empty (so the schema says the field is missing, not zero). */
function numberOf(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}

function isField(path: string): path is Field {
  return (
    path === "model" || path === "optionType" || (PRICE_FIELDS as readonly string[]).includes(path)
  );
}

/** Each field's first issue, by the field's name; what names no field is returned apart. */
function byField(issues: ReadonlyArray<{ path: string; message: string }>) {
  const errors: Errors = {};
  const other: string[] = [];
  for (const issue of issues) {
    if (isField(issue.path)) errors[issue.path] ??= issue.message;
    else other.push(issue.message);
  }
  return { errors, other };
}

/**
 * The operator's manual signal (POST /api/paper/signal). Checked with the server's own schema before it is
 * sent; the server's refusals of a field (a strike far from the market, an entry zone far from the option's
 * premium, quoting them) show beside that field, and its other refusals (an active signal, the market
 * closed, no engine) above the form.
 */
export function ManualSignalForm() {
  const { t } = useTranslation();
  const send = useSendManualSignal();
  const formErrorId = useId();
  const [model, setModel] = useState<ModelId>(MODEL_IDS[0]);
  const [optionType, setOptionType] = useState<OptionType>("CE");
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const edit = (field: PriceField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    setFormError(null);
    const lots = numberOf(values.lots);
    const parsed = ManualSignalSchema.safeParse({
      model,
      optionType,
      strike: numberOf(values.strike),
      entryLow: numberOf(values.entryLow),
      entryHigh: numberOf(values.entryHigh),
      target: numberOf(values.target),
      stopLoss: numberOf(values.stopLoss),
      ...(lots === undefined ? {} : { lots }),
    });
    if (!parsed.success) {
      const { errors: next, other } = byField(
        parsed.error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        })),
      );
      setErrors(next);
      setFormError(other[0] ?? t("admin.manual.invalid"));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (result) => setSent(result.message ?? t("admin.manual.sent")),
      onError: (error) => {
        const issues = isApiError(error) ? error.issues : [];
        const { errors: next, other } = byField(issues);
        setErrors(next);
        // A field's refusal is told beside the field; anything else above the form.
        setFormError(Object.keys(next).length > 0 && other.length === 0 ? null : error.message);
      },
    });
  };

  const field = (
    name: PriceField,
    label: string,
    extra: { hint?: string; step?: number | string },
  ) => {
    const errorId = `${formErrorId}-${name}`;
    return (
      <div>
        <TextField
          label={label}
          name={name}
          type="number"
          inputMode="decimal"
          step={extra.step ?? "0.05"}
          min={0}
          hint={extra.hint}
          value={values[name]}
          invalid={errors[name] !== undefined}
          errorId={errorId}
          onChange={(event) => edit(name, event.target.value)}
        />
        {errors[name] ? (
          <p id={errorId} className="mt-1.5 text-sm text-red-200">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Panel id="admin-manual-signal" title={t("admin.manual.heading")} lead={t("admin.manual.lead")}>
      {formError ? (
        <FormMessage tone="error" id={formErrorId} className="mb-4">
          {formError}
        </FormMessage>
      ) : null}
      <form
        onSubmit={submit}
        noValidate
        aria-describedby={formError ? formErrorId : undefined}
        className="grid gap-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("admin.manual.model")}
            name="model"
            value={model}
            onChange={(event) => {
              setModel(event.target.value as ModelId);
              setErrors(({ strike: _, ...rest }) => rest);
            }}
          >
            {MODEL_IDS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </SelectField>
          <ChoiceGroup legend={t("admin.manual.optionType")}>
            {OPTION_TYPES.map((type) => (
              <Choice
                key={type}
                type="radio"
                name="optionType"
                value={type}
                label={type}
                checked={optionType === type}
                onChange={() => setOptionType(type)}
              />
            ))}
          </ChoiceGroup>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {field("strike", t("admin.manual.strike"), {
            step: STRIKE_STEPS[model],
            hint: t("admin.manual.strikeHint", { step: STRIKE_STEPS[model] }),
          })}
          {field("entryLow", t("admin.manual.entryLow"), {})}
          {field("entryHigh", t("admin.manual.entryHigh"), {})}
          {field("target", t("admin.manual.target"), {})}
          {field("stopLoss", t("admin.manual.stopLoss"), {})}
          {field("lots", `${t("admin.manual.lots")} ${t("admin.common.optional")}`, {
            step: 1,
            hint: t("admin.manual.lotsHint", { max: MANUAL_SIGNAL_MAX_LOTS }),
          })}
        </div>
        <div>
          <button
            type="submit"
            disabled={send.isPending}
            className={buttonStyles({ className: "w-full sm:w-auto" })}
          >
            <Send aria-hidden="true" className="size-4" />
            {send.isPending ? t("admin.manual.sending") : t("admin.manual.submit")}
          </button>
          {sent ? (
            <FormMessage tone="success" className="mt-4">
              {sent}
            </FormMessage>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
