import type { LedgerVerdict } from "@kalpa/contracts/api/paper";
import { FileCheck2, LoaderCircle, RotateCw, ShieldAlert, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { CopyButton } from "@/components/ui/copy-button";
import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { formatNumber, shortHash } from "@/lib/format";
import { useLedgerVerdict } from "../api/get-ledger-verdict";
import "@/features/journal/i18n/en";

/**
 * The ledger's check (GET /api/ledger/verify): "Verified" with the latest published head and how many
 * entries were checked, or "Broken" naming the first entry where the stored chain stops matching; and the
 * way to the signed record (/record), to check it offline.
 */
export function LedgerStatus() {
  const { t } = useTranslation();
  const verdict = useLedgerVerdict();
  return (
    <section
      aria-labelledby="journal-ledger-heading"
      className="rounded-2xl border border-white/10 bg-ink-900/70 p-4 sm:p-5"
    >
      <h2 id="journal-ledger-heading" className="sr-only">
        {t("journal.ledger.heading")}
      </h2>
      {verdict.isPending ? (
        <p role="status" className="flex items-center gap-3 text-sm text-ink-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
          {t("journal.ledger.loading")}
        </p>
      ) : verdict.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-ink-300">
          <p>{t("journal.ledger.failed")}</p>
          <button
            type="button"
            onClick={() => void verdict.refetch()}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t("journal.retry")}
          </button>
        </div>
      ) : verdict.data.ok ? (
        <Verified verdict={verdict.data} />
      ) : (
        <Broken verdict={verdict.data} />
      )}
      <p className="mt-3 border-t border-white/5 pt-3 text-sm">
        <Link
          to="/record"
          className="inline-flex items-center gap-1.5 rounded font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
        >
          <FileCheck2 aria-hidden="true" className="size-4" />
          {t("journal.ledger.record")}
        </Link>
      </p>
    </section>
  );
}

function Verified({ verdict }: { verdict: LedgerVerdict }) {
  const { t } = useTranslation();
  const head = verdict.latestHead;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span
          data-testid="ledger-state"
          className="inline-flex items-center gap-1.5 rounded-full bg-emerald-400/15 px-3 py-1 font-semibold text-emerald-200"
        >
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t("journal.ledger.verified")}
        </span>
        <span className="text-ink-300">
          {t("journal.ledger.entries", { count: formatNumber(verdict.entries) })}
        </span>
      </p>
      {head ? (
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="text-ink-400">
            {t("journal.ledger.latestHead")}{" "}
            {t("journal.ledger.headDay", { day: formatDayKey(head.day) })}:
          </span>
          <code
            title={head.hash}
            data-testid="ledger-head"
            className="rounded bg-white/5 px-2 py-0.5 font-mono text-xs text-ink-100"
          >
            {shortHash(head.hash)}
          </code>
          <CopyButton
            text={head.hash}
            label={t("journal.ledger.copy")}
            copiedLabel={t("journal.ledger.copied")}
          />
        </div>
      ) : (
        <p className="text-sm text-ink-300">{t("journal.ledger.noHead")}</p>
      )}
    </div>
  );
}

function Broken({ verdict }: { verdict: LedgerVerdict }) {
  const { t } = useTranslation();
  const first = verdict.firstBreak;
  return (
    <div role="alert" className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          data-testid="ledger-state"
          className="inline-flex items-center gap-1.5 rounded-full bg-rose-400/15 px-3 py-1 font-semibold text-rose-200"
        >
          <ShieldAlert aria-hidden="true" className="size-4" />
          {t("journal.ledger.broken")}
        </span>
        <span className="text-ink-300">
          {t("journal.ledger.entries", { count: formatNumber(verdict.entries) })}
        </span>
      </p>
      {first ? (
        <>
          <p className="font-medium text-rose-100">
            {t("journal.ledger.brokenAt", {
              seq: String(first.seq),
              reason: t(`journal.ledger.reason.${first.reason}`),
            })}
          </p>
          {first.detail ? <p className="text-ink-300">{first.detail}</p> : null}
        </>
      ) : null}
    </div>
  );
}
