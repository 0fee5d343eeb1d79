import type { AuditEntry } from "@kalpa/contracts/api/admin";
import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { formatMoment } from "@/lib/dates";
import { consoleHref, userOfAuditTarget } from "../utils/console-location";
import "@/features/admin/i18n/en";

function detailValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.join(", ");
  return JSON.stringify(value);
}

/** Audit entries, newest first: when, what, who, about whom, and the details the server recorded. */
export function AuditEntries({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <ol className="divide-y divide-white/5 rounded-xl border border-white/10">
      {entries.map((entry) => {
        const details = Object.entries(entry.details);
        const userId = userOfAuditTarget(entry.target);
        return (
          <li key={entry.id} className="p-3 text-sm sm:p-4">
            <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
              <span className="font-mono font-medium break-all text-accent-200">
                {entry.action}
              </span>
              <span className="text-ink-300">{t("admin.audit.by", { actor: entry.actor })}</span>
              {entry.target ? (
                <span className="break-all text-ink-300">
                  {t("admin.audit.on", { target: entry.target })}
                </span>
              ) : null}
              {userId ? (
                <Link
                  to={consoleHref({ user: userId })}
                  className="text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
                >
                  {t("admin.audit.openUser")}
                </Link>
              ) : null}
            </p>
            <p className="mt-0.5 text-xs text-ink-400">
              <time dateTime={entry.at}>{formatMoment(entry.at, "en")}</time>
              {entry.ip ? ` · ${t("admin.audit.from", { ip: entry.ip })}` : ""}
            </p>
            {details.length > 0 ? (
              <dl className="mt-2 grid gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
                {details.map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-ink-400">{key}</dt>
                    <dd className="mb-1 break-all text-ink-200 sm:mb-0">{detailValue(value)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
