import type { AdminUserDetail } from "@kalpa/contracts/api/admin";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import { useTranslation } from "@/i18n";
import { formatDay, formatDayKey, formatMoment } from "@/lib/dates";
import { formatRupees } from "@/lib/format";
import { useAdminUser } from "../api/get-user";
import { auditTargetOf, consoleHref } from "../utils/console-location";
import { StandingBadge } from "./access-chip";
import { AccountActions } from "./account-actions";
import { AuditEntries } from "./audit-entries";
import { EndAccessForm } from "./end-access-form";
import { GrantForm } from "./grant-form";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import { RdaForm } from "./rda-form";
import { SwitchForm } from "./switch-form";
import "@/features/admin/i18n/en";

/** One user: who they are, their access, agreement and contributions, the actions, and recent changes. */
export function UserDetail({ id, currentUserId }: { id: string; currentUserId: string }) {
  const { t } = useTranslation();
  const detail = useAdminUser(id);
  return (
    <div className="space-y-6">
      <Link
        to={consoleHref({ view: "users" })}
        className={buttonStyles({ variant: "ghost", size: "sm", className: "-ml-3" })}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("admin.user.back")}
      </Link>
      {detail.data ? (
        <UserDetailBody detail={detail.data} isSelf={detail.data.user.id === currentUserId} />
      ) : (
        <QueryState error={detail.error} onRetry={() => void detail.refetch()} />
      )}
    </div>
  );
}

function UserDetailBody({ detail, isSelf }: { detail: AdminUserDetail; isSelf: boolean }) {
  const { t } = useTranslation();
  const { user } = detail;
  const rda = user.riskDisclosure;
  const underRules = Boolean(useResearchAnalyst().data?.profile);
  return (
    <>
      <header>
        <h2 className="text-2xl font-semibold tracking-tight text-white">{user.name}</h2>
        <p className="mt-1 text-ink-300">@{user.username}</p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-ink-400">{t("admin.user.email")}</dt>
            <dd className="mt-0.5 break-all text-ink-100">
              <a href={`mailto:${user.email}`} className="hover:text-white hover:underline">
                {user.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-ink-400">{t("admin.user.mobile")}</dt>
            <dd className="mt-0.5 text-ink-100">
              <a href={`tel:${user.mobile}`} className="hover:text-white hover:underline">
                {user.mobile}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-ink-400">{t("admin.user.joined")}</dt>
            <dd className="mt-0.5 text-ink-100">{formatMoment(user.createdAt, "en")}</dd>
          </div>
        </dl>
      </header>

      <div className="grid gap-6 xl:grid-cols-2">
        <Panel id="admin-user-access" title={t("admin.user.accessHeading")}>
          <ul className="grid gap-3 sm:grid-cols-3 xl:grid-cols-1 2xl:grid-cols-3">
            {ACCESS_KEYS.map((key) => {
              const entry = user.subscriptions[key];
              const started = detail.startedAt[key];
              return (
                <li key={key} className="rounded-xl border border-white/10 bg-white/[0.03] p-3">
                  <p className="flex items-center justify-between gap-2">
                    <span className="font-semibold text-white">{key}</span>
                    <StandingBadge entry={entry} />
                  </p>
                  <dl className="mt-2 space-y-1 text-sm">
                    {started ? (
                      <div className="flex justify-between gap-3">
                        <dt className="text-ink-400">{t("admin.user.started")}</dt>
                        <dd className="text-ink-100">{formatDay(started, "en")}</dd>
                      </div>
                    ) : null}
                    <div className="flex justify-between gap-3">
                      <dt className="text-ink-400">{t("admin.user.lastDay")}</dt>
                      <dd className="text-ink-100">
                        {entry.lastDay
                          ? formatDayKey(entry.lastDay, "en")
                          : entry.isActive
                            ? t("admin.user.noEnd")
                            : "—"}
                      </dd>
                    </div>
                    <div className="flex justify-between gap-3">
                      <dt className="text-ink-400">{t("admin.user.daysLeft")}</dt>
                      <dd className="text-ink-100">{entry.daysLeft ?? "—"}</dd>
                    </div>
                  </dl>
                </li>
              );
            })}
          </ul>
        </Panel>

        <Panel id="admin-user-agreement" title={t("admin.user.agreementHeading")}>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-ink-400">{t("admin.user.acceptedOnline")}</dt>
              <dd className="mt-0.5 text-ink-100">
                {rda.accepted && rda.acceptedAt
                  ? formatMoment(rda.acceptedAt, "en")
                  : t("admin.user.notYet")}
              </dd>
            </div>
            <div>
              <dt className="text-ink-400">{t("admin.user.signedCopy")}</dt>
              <dd className="mt-0.5 text-ink-100">
                {rda.signedCopyReceived && rda.signedCopyReceivedOn
                  ? t("admin.user.receivedOn", { date: formatDay(rda.signedCopyReceivedOn, "en") })
                  : t("admin.user.notYet")}
              </dd>
            </div>
          </dl>
        </Panel>
      </div>

      {rda.signedCopyReceived ? null : <RdaForm userId={user.id} />}
      <GrantForm userId={user.id} signedCopyReceived={rda.signedCopyReceived} />
      {underRules ? (
        <EndAccessForm userId={user.id} userName={user.name} subscriptions={user.subscriptions} />
      ) : null}
      <SwitchForm userId={user.id} userName={user.name} subscriptions={user.subscriptions} />
      <AccountActions
        userId={user.id}
        userName={user.name}
        role={user.role}
        activeSessions={detail.activeSessions}
        telegram={detail.telegram}
        isSelf={isSelf}
      />

      <Panel id="admin-user-contributions" title={t("admin.user.contributionsHeading")}>
        {detail.contributions.length === 0 ? (
          <p className="text-sm text-ink-300">{t("admin.user.noContributions")}</p>
        ) : (
          <ul className="divide-y divide-white/5 rounded-xl border border-white/10">
            {detail.contributions.map((contribution) => (
              <li key={contribution.id} className="p-3 text-sm sm:p-4">
                <p className="font-medium text-white">
                  {t("admin.user.contributionLine", {
                    amount: formatRupees(contribution.amountRupees),
                    method: t(`admin.grant.methods.${contribution.method}`),
                    instruments: contribution.instruments.join(", "),
                  })}
                </p>
                <p className="mt-0.5 text-ink-300">
                  {t("admin.user.recordedBy", {
                    date: formatDayKey(contribution.receivedOn, "en"),
                    admin: contribution.recordedBy,
                  })}
                </p>
                {contribution.reference ? (
                  <p className="mt-0.5 break-all text-ink-300">
                    {t("admin.user.reference", { reference: contribution.reference })}
                  </p>
                ) : null}
                {contribution.note ? (
                  <p className="mt-0.5 text-ink-300">{contribution.note}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      {detail.refunds.length > 0 ? (
        <Panel id="admin-user-refunds" title={t("admin.user.refundsHeading")}>
          <ul className="divide-y divide-white/5 rounded-xl border border-white/10">
            {detail.refunds.map((refund) => (
              <li key={refund.id} className="p-3 text-sm sm:p-4">
                <p className="font-medium text-white">
                  {t("admin.user.refundLine", {
                    amount: formatRupees(refund.amountRupees),
                    instrument: refund.instrument,
                  })}
                </p>
                <p className="mt-0.5 text-ink-300">
                  {t("admin.user.refundWorking", {
                    paid: formatRupees(refund.paidRupees),
                    start: formatDayKey(refund.periodStart, "en"),
                    last: formatDayKey(refund.previousLastDay, "en"),
                    period: refund.periodDays,
                    left: refund.daysLeft,
                  })}
                </p>
                <p className="mt-0.5 text-ink-300">
                  {t("admin.user.refundEnded", {
                    date: formatDayKey(refund.endedOn, "en"),
                    admin: refund.recordedBy,
                  })}
                </p>
                {refund.reason ? <p className="mt-0.5 text-ink-300">{refund.reason}</p> : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel id="admin-user-audit" title={t("admin.user.auditHeading")}>
        {detail.audit.length === 0 ? (
          <p className="text-sm text-ink-300">{t("admin.user.noAudit")}</p>
        ) : (
          <AuditEntries entries={detail.audit} />
        )}
        <Link
          to={consoleHref({ view: "audit", target: auditTargetOf(user.id) })}
          className="mt-4 inline-block text-sm font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
        >
          {t("admin.user.fullAudit")}
        </Link>
      </Panel>
    </>
  );
}
