import type {
  ForecastDay,
  ForecastOutcome,
  ForecastPart,
  ForecastResponse,
} from "@kalpa/contracts/api/forecast";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { FORECAST_SLUGS, type ForecastSlug } from "@kalpa/contracts/names";
import { LoaderCircle, Lock, RotateCw, TrendingDown, TrendingUp } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useDisclaimerValues } from "@/features/site/hooks/use-disclaimer-values";
import { useRegistration } from "@/features/site/hooks/use-registration";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useForecast } from "../api/get-forecast";
import { ForecastScores } from "./forecast-scores";
import "@/features/forecasts/i18n/en";

/** The switcher's labels (the instruments' usual names). */
export const FORECAST_LABELS: Record<ForecastSlug, string> = {
  nifty: "NIFTY 50",
  banknifty: "BANKNIFTY",
  crudeoil: "Crude Oil",
  xau: "Gold",
  xag: "Silver",
  dollarx: "Dollar Index",
};

export interface ForecastPageProps {
  /** The instruments the switcher offers, in its order (all six by default). */
  instruments?: readonly ForecastSlug[];
  /** The instrument shown first (gold by default, open to all). */
  initial?: ForecastSlug;
  /** The page's heading (Forecasting by default, as the dashboard's section is named). */
  title?: string;
  /** Shown under the lead, above the switcher. */
  note?: ReactNode;
}

/**
 * The forecast page (spec section 2, "Forecast page", embeddable): an instrument switcher (the six, or the
 * three open to all on the public page), Loading, then the locked notice (Please contribute to view this
 * section) or the call and put parts (the favoured one marked), how the forecasts have scored (hit rates and
 * Brier scores over 30, 90 and all days), the recent forecasts with their outcomes and closes, and the
 * educational disclaimer. Embedded in the dashboard's Forecasting section, where its heading is the page's
 * h1 (as the other sections'), and the public /forecasts page's body.
 */
export function ForecastPage({
  instruments = FORECAST_SLUGS,
  initial = "xau",
  title,
  note,
}: ForecastPageProps) {
  const { t } = useTranslation();
  const disclaimer = useDisclaimerValues();
  const registration = useRegistration();
  const [instrument, setInstrument] = useState<ForecastSlug>(initial);
  return (
    <section aria-labelledby="forecast-heading" className="space-y-6">
      <div>
        <h1 id="forecast-heading" className="text-2xl font-semibold tracking-tight text-white">
          {title ?? t("forecasts.heading")}
        </h1>
        <p className="mt-2 max-w-3xl text-sm leading-relaxed text-ink-300">{t("forecasts.lead")}</p>
        {note}
      </div>
      <fieldset>
        <legend className="sr-only">{t("forecasts.instruments")}</legend>
        <div className="flex flex-wrap gap-2">
          {instruments.map((slug) => (
            <button
              key={slug}
              type="button"
              aria-pressed={slug === instrument}
              onClick={() => setInstrument(slug)}
              className={cn(
                "min-h-11 rounded-full border px-4 text-sm font-medium transition-colors",
                slug === instrument
                  ? "border-accent-400 bg-accent-400/15 text-accent-200"
                  : "border-white/10 bg-ink-900/60 text-ink-200 hover:border-white/25 hover:text-white",
              )}
            >
              {FORECAST_LABELS[slug]}
            </button>
          ))}
        </div>
      </fieldset>
      <ForecastBody instrument={instrument} />
      <p className="rounded-xl border border-white/10 bg-ink-900/60 p-4 text-xs leading-relaxed text-ink-300">
        {registration
          ? t("forecasts.disclaimerRegistered", { ...disclaimer, ...registration })
          : t("forecasts.disclaimer", disclaimer)}
      </p>
    </section>
  );
}

function ForecastBody({ instrument }: { instrument: ForecastSlug }) {
  const { t } = useTranslation();
  const forecast = useForecast(instrument);
  if (forecast.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
        <span>{t("forecasts.loading")}</span>
      </div>
    );
  }
  if (forecast.isError) {
    const error = forecast.error;
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      return <LockedNotice detail={error.message} signedOut={error.status === 401} />;
    }
    return (
      <div role="alert" className="rounded-2xl border border-red-400/30 bg-red-400/10 p-4">
        <p className="text-sm text-red-100">{t("forecasts.failed")}</p>
        <button
          type="button"
          onClick={() => void forecast.refetch()}
          className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-3" })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t("forecasts.retry")}
        </button>
      </div>
    );
  }
  return <ForecastData data={forecast.data} />;
}

function LockedNotice({ detail, signedOut }: { detail: string; signedOut: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-amber-300/20 bg-ink-900/70 p-6 text-center sm:p-8">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-amber-300/10 text-amber-300">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <p role="alert" className="mt-4 text-lg font-semibold text-white">
        {ACCESS_MESSAGES.forecastLocked}
      </p>
      {detail && detail !== ACCESS_MESSAGES.forecastLocked ? (
        <p className="mt-2 text-sm text-ink-300">{detail}</p>
      ) : null}
      <div className="mt-5 flex justify-center">
        <Link
          to={signedOut ? "/login" : "/pricing"}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          {signedOut ? t("forecasts.lockedLogin") : t("forecasts.lockedPlans")}
        </Link>
      </div>
    </div>
  );
}

function ForecastData({ data }: { data: ForecastResponse }) {
  const { t } = useTranslation();
  const today = data.today;
  return (
    <div className="space-y-6">
      {today ? (
        <div className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-lg font-semibold text-white">
              {t("forecasts.today", { day: today.day })} · {FORECAST_LABELS[data.instrument]}
            </h3>
            <p className="text-xs text-ink-400">
              {today.priceKind === "premium"
                ? t("forecasts.premiums", { expiry: today.expiry ?? "" })
                : t("forecasts.levels", { unit: data.unit })}
            </p>
          </div>
          {today.favoured === null ? (
            <p className="text-sm text-ink-300">{t("forecasts.noFavoured")}</p>
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <PartCard side="call" day={today} part={today.call} outcome={today.callOutcome} />
            <PartCard side="put" day={today} part={today.put} outcome={today.putOutcome} />
          </div>
        </div>
      ) : (
        <p className="rounded-2xl border border-dashed border-white/15 p-6 text-ink-300">
          {t("forecasts.none")}
        </p>
      )}
      <ForecastScores scores={data.scores} />
      <History data={data} />
    </div>
  );
}

function PartCard({
  side,
  day,
  part,
  outcome,
}: {
  side: "call" | "put";
  day: ForecastDay;
  part: ForecastPart;
  outcome: ForecastOutcome | null;
}) {
  const { t } = useTranslation();
  const call = side === "call";
  const favoured = day.favoured === side;
  const Icon = call ? TrendingUp : TrendingDown;
  const rows: Array<[string, string]> = [
    [t("forecasts.fields.signalDate"), part.signalDate],
    [
      day.priceKind === "premium"
        ? t("forecasts.fields.strikePrice")
        : t("forecasts.fields.roundLevel"),
      formatNumber(part.strikePrice),
    ],
    [t("forecasts.fields.entryPrice"), formatNumber(part.entryPrice)],
    [t("forecasts.fields.target"), formatNumber(part.target)],
    [t("forecasts.fields.stopLoss"), formatNumber(part.stopLoss)],
    [t("forecasts.fields.riskReward"), `1 : ${formatNumber(part.riskReward)}`],
    [t("forecasts.fields.probabilityBias"), `${part.probabilityBias}%`],
  ];
  return (
    <article
      aria-label={call ? t("forecasts.call") : t("forecasts.put")}
      className={cn(
        "rounded-2xl border bg-ink-900/70 p-5",
        call ? "border-emerald-400/30" : "border-rose-400/30",
      )}
    >
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h4 className="flex flex-wrap items-center gap-x-2 text-base font-semibold text-white">
          <Icon
            aria-hidden="true"
            className={cn("size-5", call ? "text-emerald-300" : "text-rose-300")}
          />
          {call ? t("forecasts.call") : t("forecasts.put")}
          <span className="text-sm font-normal text-ink-400">
            {call ? t("forecasts.bullish") : t("forecasts.bearish")}
          </span>
        </h4>
        <span className="flex items-center gap-2">
          {favoured ? <FavouredBadge /> : null}
          <OutcomeBadge outcome={outcome} />
        </span>
      </header>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-ink-400">{label}</dt>
            <dd className="font-medium tabular-nums text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-4 text-sm text-ink-200">
        <summary className="cursor-pointer font-medium text-accent-300">
          {t("forecasts.commentary")}
        </summary>
        <p className="mt-2 leading-relaxed">{part.commentary}</p>
      </details>
    </article>
  );
}

const OUTCOME_TONES: Record<ForecastOutcome | "pending", string> = {
  target: "bg-emerald-400/15 text-emerald-200",
  stop: "bg-rose-400/15 text-rose-200",
  neither: "bg-white/10 text-ink-200",
  undecided: "bg-amber-300/10 text-amber-200",
  "not-entered": "border border-dashed border-white/20 text-ink-300",
  pending: "bg-white/10 text-ink-200",
};

function OutcomeBadge({ outcome }: { outcome: ForecastOutcome | null }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium",
        OUTCOME_TONES[outcome ?? "pending"],
      )}
    >
      {t(`forecasts.outcome.${outcome ?? "pending"}`)}
    </span>
  );
}

/** Marks the day's favoured part (the higher probability bias). */
function FavouredBadge() {
  const { t } = useTranslation();
  return (
    <span
      title={t("forecasts.favouredTitle")}
      className="inline-block whitespace-nowrap rounded-full bg-accent-400/15 px-2.5 py-0.5 text-xs font-medium text-accent-200"
    >
      {t("forecasts.favoured")}
    </span>
  );
}

/** The day's close against the reference close: Up, Down or Unchanged, with the close. */
function CloseCell({ day }: { day: ForecastDay }) {
  const { t } = useTranslation();
  if (day.close === null) return <span className="text-ink-400">—</span>;
  const reference = day.referenceClose;
  const unchanged = Math.abs(day.close - reference) <= 1e-9 * Math.max(1, Math.abs(reference));
  const [label, tone, Icon] = day.closedAbove
    ? [t("forecasts.close.up"), "text-emerald-200", TrendingUp]
    : unchanged
      ? [t("forecasts.close.unchanged"), "text-ink-200", null]
      : [t("forecasts.close.down"), "text-rose-200", TrendingDown];
  return (
    <span
      title={t("forecasts.close.title", {
        close: formatNumber(day.close),
        reference: formatNumber(reference),
      })}
      className="whitespace-nowrap"
    >
      <span className={cn("inline-flex items-center gap-1 font-medium", tone)}>
        {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
        {label}
      </span>
      <span className="block text-xs text-ink-400 max-md:ml-2 max-md:inline">
        {formatNumber(day.close)}
      </span>
    </span>
  );
}

// On phones each history row is a card: the day and its close on the first line, then the call and the put
// side by side, each with its column's name above its value (data-label), as the journal's rows do.
const HISTORY_CELL =
  "px-3 py-2 align-top max-md:flex max-md:min-w-0 max-md:flex-col max-md:gap-1 max-md:px-0 max-md:py-1 max-md:before:text-xs max-md:before:text-ink-400 max-md:before:content-[attr(data-label)]";

function History({ data }: { data: ForecastResponse }) {
  const { t } = useTranslation();
  const levels = (part: ForecastPart) =>
    `${formatNumber(part.entryPrice)} → ${formatNumber(part.target)} / ${formatNumber(part.stopLoss)}`;
  const cell = (day: ForecastDay, side: "call" | "put") => (
    <td
      data-label={t(`forecasts.historyColumns.${side}`)}
      className={cn(
        HISTORY_CELL,
        "tabular-nums text-ink-200",
        side === "call" ? "max-md:order-3" : "max-md:order-4",
      )}
    >
      <span className="block">{levels(day[side])}</span>
      <span className="mt-1 flex flex-wrap gap-1 max-md:mt-0">
        <OutcomeBadge outcome={side === "call" ? day.callOutcome : day.putOutcome} />
        {day.favoured === side ? <FavouredBadge /> : null}
      </span>
    </td>
  );
  return (
    <div className="space-y-3">
      <h3 id="forecast-history-heading" className="text-lg font-semibold text-white">
        {t("forecasts.history")}
      </h3>
      {data.history.length === 0 ? (
        <p className="text-sm text-ink-300">{t("forecasts.historyEmpty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-white/10">
          <table
            aria-labelledby="forecast-history-heading"
            className="w-full text-left text-sm max-md:block md:min-w-[44rem]"
          >
            <thead className="bg-white/5 text-ink-300 max-md:sr-only">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("forecasts.historyColumns.day")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("forecasts.historyColumns.call")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("forecasts.historyColumns.put")}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                  {t("forecasts.historyColumns.close")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5 max-md:block">
              {data.history.map((day) => (
                <tr
                  key={day.day}
                  className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:px-4 max-md:py-3"
                >
                  <th
                    scope="row"
                    className="whitespace-nowrap px-3 py-2 text-left align-top font-medium text-white max-md:order-1 max-md:px-0"
                  >
                    {day.day}
                  </th>
                  {cell(day, "call")}
                  {cell(day, "put")}
                  <td className="px-3 py-2 align-top tabular-nums max-md:order-2 max-md:px-0 max-md:text-right">
                    <span className="sr-only md:hidden">
                      {t("forecasts.historyColumns.close")}:{" "}
                    </span>
                    <CloseCell day={day} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
