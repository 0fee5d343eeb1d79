import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import { useRefunds } from "../api/refunds";
import "@/features/settings/i18n/en";

/**
 * Settings → Access Details: the refunds of access the operator ended early under SEBI's research-analyst
 * rules (decision 033). Nothing when there are none (or they cannot be loaded: the access above still
 * shows).
 */
export function RefundsList() {
  const { t } = useTranslation();
  const refunds = useRefunds().data?.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <div className="py-4">
      <h3 className="mb-2 text-sm text-ink-400">{t("settingsPage.refunds.heading")}</h3>
      <ul aria-label={t("settingsPage.refunds.heading")} className="space-y-2 text-sm">
        {refunds.map((refund) => (
          <li key={`${refund.instrument}-${refund.recordedAt}`} className="text-ink-100">
            {t("settingsPage.refunds.line", {
              amount: formatRupees(refund.amountRupees),
              instrument: refund.instrument,
              date: formatDayKey(refund.endedOn),
              count: refund.daysLeft,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
