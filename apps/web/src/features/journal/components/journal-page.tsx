import { PAPER_TRADE_MESSAGES } from "@kalpa/contracts/messages";
import { Download, Info, LoaderCircle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useDisclaimerValues } from "@/features/site/hooks/use-disclaimer-values";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { usePaperHistory } from "../api/get-paper-history";
import { paperCsvHref } from "../api/paper-csv";
import {
  type JournalFilters,
  parseJournalFilters,
  withJournalFilters,
} from "../utils/journal-filters";
import { DayGroups } from "./day-groups";
import { JournalAnalysis } from "./journal-analysis";
import { JournalFiltersBar } from "./journal-filters-bar";
import { JournalStats } from "./journal-stats";
import { LedgerStatus } from "./ledger-status";
import "@/features/journal/i18n/en";

export interface JournalPageProps {
  /** Inside the dashboard's main area: a section heading's size instead of a page's. */
  embedded?: boolean;
  /**
   * Shown in place of the track record (totals, statistics, equity curve) when this visitor may not see
   * it; the trades stay.
   */
  trackRecordWithheld?: ReactNode;
  /** A signed-in reader: the analysis offers the models they follow. */
  signedIn?: boolean;
}

/**
 * The paper-trade journal (spec section 2, "Paper Trade Journal"): the model and period filters,
 * kept in the address (?model=&days=) so a link reproduces the view; the ledger's check; the track record
 * with its equity curve (its slippage and the date of the charges' rates); the days with their totals and
 * trades (how each was filled, its slippage, gross, charges and net); the CSV download; what "net of
 * charges", the fills and slippage, and "verified" mean; and the disclaimer. Public, and embedded in the dashboard's Paper Trade section.
 */
export function JournalPage({
  embedded = false,
  trackRecordWithheld,
  signedIn = false,
}: JournalPageProps) {
  const { t } = useTranslation();
  const disclaimer = useDisclaimerValues();
  const [search, setSearch] = useSearchParams();
  const filters = parseJournalFilters(search);
  const change = (next: JournalFilters) => setSearch(withJournalFilters(search, next));
  return (
    <section aria-labelledby="journal-heading" className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1
            id="journal-heading"
            className={cn(
              "font-semibold tracking-tight text-white",
              embedded ? "text-2xl" : "text-3xl sm:text-4xl",
            )}
          >
            {t("journal.heading")}
          </h1>
          <p className="mt-2 max-w-3xl text-sm leading-relaxed text-ink-300 sm:text-base">
            {t("journal.lead")}
          </p>
        </div>
        <a
          href={paperCsvHref(filters)}
          download
          title={t("journal.downloadHint")}
          className={buttonStyles({ variant: "secondary", className: "shrink-0 self-start" })}
        >
          <Download aria-hidden="true" className="size-4" />
          {t("journal.downloadCsv")}
        </a>
      </div>
      <JournalFiltersBar filters={filters} onChange={change} />
      <LedgerStatus />
      {trackRecordWithheld ?? (
        <>
          <JournalStats filters={filters} />
          <JournalAnalysis filters={filters} canFollow={signedIn} />
        </>
      )}
      <JournalDays filters={filters} />
      <Explanations />
      <p className="rounded-xl border border-white/10 bg-ink-900/60 p-4 text-xs leading-relaxed text-ink-300">
        {t("journal.disclaimer", disclaimer)}
      </p>
    </section>
  );
}

/**
 * The days of the selected journal. A failed fetch gives the spec's empty list (the empty message), with a
 * quiet line above it saying the journal could not be loaded, and Retry.
 */
function JournalDays({ filters }: { filters: JournalFilters }) {
  const { t } = useTranslation();
  const history = usePaperHistory(filters);
  if (history.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-8 text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
        <span>{t("journal.loading")}</span>
      </div>
    );
  }
  const groups = history.isError ? [] : history.data;
  return (
    <section aria-labelledby="journal-days-heading" className="space-y-3">
      <h2 id="journal-days-heading" className="sr-only">
        {t("journal.days")}
      </h2>
      {history.isError ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-sm text-ink-300"
        >
          <p className="flex items-center gap-2">
            <Info aria-hidden="true" className="size-4 shrink-0 text-ink-400" />
            {t("journal.failed")}
          </p>
          <button
            type="button"
            onClick={() => void history.refetch()}
            disabled={history.isFetching}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <RotateCw
              aria-hidden="true"
              className={history.isFetching ? "size-4 motion-safe:animate-spin" : "size-4"}
            />
            {t("journal.retry")}
          </button>
        </div>
      ) : null}
      {groups.length === 0 ? (
        <p
          data-testid="journal-empty"
          className="rounded-2xl border border-dashed border-white/15 p-6 text-center text-ink-200"
        >
          {PAPER_TRADE_MESSAGES.empty}
        </p>
      ) : (
        <DayGroups groups={groups} />
      )}
    </section>
  );
}

function Explanations() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="journal-explain-heading"
      className="rounded-2xl border border-white/10 bg-ink-900/60 p-4 sm:p-5"
    >
      <h2 id="journal-explain-heading" className="text-base font-semibold text-white">
        {t("journal.explain.heading")}
      </h2>
      <dl className="mt-3 grid gap-4 text-sm leading-relaxed md:grid-cols-2">
        <div>
          <dt className="font-medium text-ink-100">{t("journal.explain.netTitle")}</dt>
          <dd className="mt-1 text-ink-300">{t("journal.explain.net")}</dd>
        </div>
        <div>
          <dt className="font-medium text-ink-100">{t("journal.explain.verifiedTitle")}</dt>
          <dd className="mt-1 text-ink-300">{t("journal.explain.verified")}</dd>
        </div>
        <div className="md:col-span-2">
          <dt className="font-medium text-ink-100">{t("journal.explain.fillsTitle")}</dt>
          <dd className="mt-1 text-ink-300">{t("journal.explain.fills")}</dd>
        </div>
      </dl>
    </section>
  );
}
