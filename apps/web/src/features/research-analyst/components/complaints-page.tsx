import { ODR_URL, SCORES_URL } from "@kalpa/contracts/api/research-analyst";
import { LoaderCircle } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { useComplaints } from "@/features/site/api/get-complaints";
import { useTranslation } from "@/i18n";
import { formatNumber } from "@/lib/format";
import { GrievanceLinks, RegulatoryPage } from "./regulatory-page";

/** "2026-10" → "Oct 2026". */
export function monthLabel(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat("en-IN", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(year, index - 1, 1));
}

function ComplaintsTable() {
  const { t } = useTranslation();
  const complaints = useComplaints();
  if (complaints.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
        {t("analyst.loading")}
      </p>
    );
  }
  if (complaints.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p>{t("analyst.failed")}</p>
        <button
          type="button"
          onClick={() => void complaints.refetch()}
          className={buttonStyles({ variant: "secondary" })}
        >
          {t("analyst.retry")}
        </button>
      </div>
    );
  }
  const { months } = complaints.data;
  if (months.length === 0) return <p>{t("analyst.complaints.empty")}</p>;
  const cell = "px-3 py-2.5 text-right font-mono tabular-nums";
  return (
    <div className="overflow-x-auto rounded-xl border border-white/10">
      <table className="w-full min-w-[34rem] text-sm">
        <thead className="bg-white/[0.03] text-ink-300">
          <tr>
            <th scope="col" className="px-3 py-2.5 text-left font-medium">
              {t("analyst.complaints.month")}
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              {t("analyst.complaints.received")}
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              {t("analyst.complaints.resolved")}
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              {t("analyst.complaints.pending")}
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              {t("analyst.complaints.average")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5 text-ink-50">
          {months.map((row) => (
            <tr key={row.month}>
              <th scope="row" className="px-3 py-2.5 text-left font-medium whitespace-nowrap">
                {monthLabel(row.month)}
              </th>
              <td className={cell}>{formatNumber(row.received)}</td>
              <td className={cell}>{formatNumber(row.resolved)}</td>
              <td className={cell}>{formatNumber(row.pending)}</td>
              <td className={cell}>
                {row.averageResolutionDays === null
                  ? t("analyst.complaints.noneResolved")
                  : formatNumber(row.averageResolutionDays)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /complaints: the monthly complaints table the operator keeps, and how to make a complaint. */
export function ComplaintsPage() {
  const { t } = useTranslation();
  return (
    <RegulatoryPage
      title={t("analyst.complaints.title")}
      lead={(profile) => t("analyst.complaints.lead", { name: profile.registeredName })}
    >
      {(profile) => (
        <div className="space-y-6">
          <ComplaintsTable />
          <p>
            {t("analyst.complaints.howTo", {
              email: profile.grievanceOfficer.email,
              phone: profile.grievanceOfficer.phone,
            })}
          </p>
          <GrievanceLinks scores={SCORES_URL} odr={ODR_URL} />
        </div>
      )}
    </RegulatoryPage>
  );
}

import "@/features/research-analyst/i18n/en";
