import { PAPER_TRADE_DAY_FILTERS, PAPER_TRADE_MODELS } from "@kalpa/contracts/constants";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import type { JournalFilters } from "../utils/journal-filters";
import "@/features/journal/i18n/en";

const PILL =
  "min-h-11 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";
const PILL_ON = "border-accent-400 bg-accent-400/15 text-accent-200";
const PILL_OFF =
  "border-white/10 bg-ink-900/60 text-ink-200 hover:border-white/25 hover:text-white";

/** The model selector and the day filter (spec: 7, 15, 30 days; the four journal models). */
export function JournalFiltersBar({
  filters,
  onChange,
}: {
  filters: JournalFilters;
  onChange: (next: JournalFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <fieldset>
        <legend className="mb-2 text-xs font-medium tracking-wide text-ink-400 uppercase">
          {t("journal.filters.model")}
        </legend>
        <div className="flex flex-wrap gap-2">
          {PAPER_TRADE_MODELS.map((model) => (
            <button
              key={model}
              type="button"
              aria-pressed={model === filters.model}
              onClick={() => onChange({ ...filters, model })}
              className={cn(PILL, model === filters.model ? PILL_ON : PILL_OFF)}
            >
              {model}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-xs font-medium tracking-wide text-ink-400 uppercase">
          {t("journal.filters.days")}
        </legend>
        <div className="flex flex-wrap gap-2">
          {PAPER_TRADE_DAY_FILTERS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={days === filters.days}
              onClick={() => onChange({ ...filters, days })}
              className={cn(PILL, days === filters.days ? PILL_ON : PILL_OFF)}
            >
              {t("journal.filters.daysOption", { days: String(days) })}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
