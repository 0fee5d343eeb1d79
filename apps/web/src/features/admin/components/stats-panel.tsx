import { EXPIRY_WARNING_DAYS } from "@kalpa/contracts/constants";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { useTranslation } from "@/i18n";
import { formatNumber } from "@/lib/format";
import { useAdminStats } from "../api/get-stats";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import "@/features/admin/i18n/en";

/** The console's counts: users, active subscribers per instrument, expiring soon, signed copies pending. */
export function StatsPanel() {
  const { t } = useTranslation();
  const stats = useAdminStats();
  const data = stats.data;
  const figures = data
    ? [
        { label: t("admin.stats.users"), value: data.users },
        ...ACCESS_KEYS.map((key) => ({
          label: t("admin.stats.activeSubscribers", { name: key }),
          value: data.activeSubscribers[key],
        })),
        {
          label: t("admin.stats.expiringSoon", { days: EXPIRY_WARNING_DAYS }),
          value: data.expiringSoon,
        },
        { label: t("admin.stats.signedCopyPending"), value: data.signedCopyPending },
      ]
    : [];
  return (
    <Panel id="admin-stats" title={t("admin.stats.heading")}>
      {data ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {figures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse justify-end gap-1 rounded-xl border border-white/10 bg-white/[0.03] p-3"
            >
              <dt className="text-xs leading-snug text-ink-300">{figure.label}</dt>
              <dd className="font-mono text-2xl font-semibold text-white">
                {formatNumber(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <QueryState error={stats.error} onRetry={() => void stats.refetch()} />
      )}
    </Panel>
  );
}
