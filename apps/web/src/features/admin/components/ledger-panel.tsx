import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { formatDayKey, formatMoment } from "@/lib/dates";
import { useAdminLedger } from "../api/get-ledger";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import "@/features/admin/i18n/en";

const LINK =
  "rounded font-mono text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline";

/**
 * The signed record as the operator needs it: the id of the key that signs the day heads (what readers are
 * told to hold; a change means a new key), where it is served, and the time-stamping authority with any
 * head it has not stamped yet.
 */
export function LedgerPanel() {
  const { t } = useTranslation();
  const ledger = useAdminLedger();
  const data = ledger.data;
  return (
    <Panel id="admin-ledger" title={t("admin.ledger.heading")} lead={t("admin.ledger.lead")}>
      {data ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          <dt className="text-ink-400">{t("admin.ledger.keyId")}</dt>
          <dd data-testid="admin-ledger-key-id" className="break-all font-mono text-ink-100">
            {data.keyId}
          </dd>
          <dt className="text-ink-400">{t("admin.ledger.servedAt")}</dt>
          <dd>
            <a href={data.keyPath} className={LINK}>
              {data.keyPath}
            </a>
          </dd>
          <dt className="text-ink-400">{t("admin.ledger.publicPage")}</dt>
          <dd>
            <Link to={data.recordPath} className={LINK}>
              {data.recordPath}
            </Link>
          </dd>
          <dt className="text-ink-400">{t("admin.ledger.tsa")}</dt>
          <dd className="break-all text-ink-100">
            {data.timeStamping.url ? (
              <span className="font-mono">{data.timeStamping.url}</span>
            ) : (
              <span className="text-ink-300">{t("admin.ledger.noTsa")}</span>
            )}
          </dd>
          {data.timeStamping.failures.length > 0 ? (
            <>
              <dt className="text-amber-200">{t("admin.ledger.failures")}</dt>
              <dd>
                <ul className="space-y-1 text-amber-100">
                  {data.timeStamping.failures.map((failure) => (
                    <li key={failure.day}>
                      {t("admin.ledger.failure", {
                        day: formatDayKey(failure.day, "en"),
                        reason: failure.reason,
                        at: formatMoment(new Date(failure.at).toISOString(), "en"),
                      })}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <QueryState error={ledger.error} onRetry={() => void ledger.refetch()} />
      )}
    </Panel>
  );
}
