import type { AccessKey } from "@kalpa/contracts/names";
import { Lock } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { BANKNIFTY_MODELS, type BankNiftyModel, LIVE_INSTRUMENTS } from "../utils/live-routes";
import "@/features/live/i18n/en";

const PILL =
  "relative inline-flex h-10 items-center justify-center gap-2 rounded-lg border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";

function InstrumentButton({
  instrument,
  selected,
  locked,
  onSelect,
}: {
  instrument: AccessKey;
  selected: boolean;
  locked: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const tooltipId = useId();
  return (
    <span className="group relative">
      <button
        type="button"
        aria-pressed={selected}
        aria-describedby={locked ? tooltipId : undefined}
        onClick={onSelect}
        className={cn(
          PILL,
          selected
            ? "border-accent-400 bg-accent-400/15 text-white"
            : "border-white/10 bg-white/5 text-ink-100 hover:border-white/25 hover:bg-white/10",
          locked && "opacity-55",
        )}
      >
        {locked ? <Lock aria-hidden="true" className="size-3.5 text-ink-300" /> : null}
        {instrument}
      </button>
      {locked ? (
        <span
          id={tooltipId}
          role="tooltip"
          className="pointer-events-none absolute top-full left-1/2 z-20 mt-2 -translate-x-1/2 rounded-md border border-white/10 bg-ink-800 px-2.5 py-1 text-xs whitespace-nowrap text-ink-50 opacity-0 shadow-lg transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
        >
          {t("live.contributionRequired")}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The instrument buttons (BankNifty, Nifty, CrudeOil; locked ones dimmed with a lock and the "Contribution
 * required" tooltip) and, with BankNifty chosen, its two models. Choosing one calls back with its route.
 */
export function InstrumentPicker({
  selected,
  subModel,
  active,
  onNavigate,
}: {
  selected: AccessKey;
  subModel: BankNiftyModel | undefined;
  active: ReadonlySet<AccessKey>;
  onNavigate: (route: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("live.instruments")}</legend>
        {LIVE_INSTRUMENTS.map((instrument) => (
          <InstrumentButton
            key={instrument.key}
            instrument={instrument.key}
            selected={instrument.key === selected}
            locked={!active.has(instrument.key)}
            onSelect={() => onNavigate(instrument.route)}
          />
        ))}
      </fieldset>
      {selected === "BankNifty" ? (
        <fieldset className="inline-flex w-fit gap-1 rounded-xl border border-white/10 bg-ink-900/70 p-1">
          <legend className="sr-only">{t("live.models")}</legend>
          {BANKNIFTY_MODELS.map((model) => {
            const current = (subModel ?? "KalpaVruksha") === model.name;
            return (
              <button
                key={model.name}
                type="button"
                aria-pressed={current}
                onClick={() => onNavigate(model.route)}
                className={cn(
                  "h-9 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
                  current ? "bg-white/10 text-white" : "text-ink-300 hover:text-white",
                )}
              >
                {model.name}
              </button>
            );
          })}
        </fieldset>
      ) : null}
    </div>
  );
}
