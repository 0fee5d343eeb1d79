import {
  Activity,
  BadgeCheck,
  BellRing,
  CalendarDays,
  History,
  LayoutDashboard,
  PlugZap,
  Users,
} from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import {
  type ConsoleView,
  consoleHref,
  parsePage,
  parseView,
  parseYear,
} from "../utils/console-location";
import { AlertsPanel } from "./alerts-panel";
import { AuditPanel } from "./audit-panel";
import { BrokerLoginBanner } from "./broker-banner";
import { BrokerPanel } from "./broker-panel";
import { CalendarBanner } from "./calendar-banner";
import { CalendarPanel } from "./calendar-panel";
import { CallsExportPanel } from "./calls-export-panel";
import { ForceClosePanel } from "./force-close-panel";
import { LedgerPanel } from "./ledger-panel";
import { ManualSignalForm } from "./manual-signal-form";
import { ResearchAnalystPanel } from "./research-analyst-panel";
import { SignalsPanel } from "./signals-panel";
import { StatsPanel } from "./stats-panel";
import { UserDetail } from "./user-detail";
import { UsersPanel } from "./users-panel";
import "@/features/admin/i18n/en";

const TABS: ReadonlyArray<{ view: ConsoleView; icon: typeof Users }> = [
  { view: "overview", icon: LayoutDashboard },
  { view: "users", icon: Users },
  { view: "signals", icon: Activity },
  { view: "audit", icon: History },
  { view: "broker", icon: PlugZap },
  { view: "calendar", icon: CalendarDays },
  { view: "alerts", icon: BellRing },
  { view: "analyst", icon: BadgeCheck },
];

/**
 * The operator console (/admin, admin role only): the counts, users (search, pages, each user's detail with
 * every action), the signal engine (each model's signal, square-off, a manual signal), the audit log and the
 * broker (its live feed and daily login; every view says when that login is needed). Where it is lives in
 * the URL, so reload and Back keep it. The calendar (holidays, special sessions, each year's status) has a
 * view of its own, and every view says when a year whose calendar is not confirmed is near. Alerts shows
 * each channel's health, the delivery queue, recent failures and what the latest events became. Research
 * analyst sets the operator's SEBI profile (or shows what one would add) and the monthly complaints.
 */
export function AdminConsole({ title, currentUserId }: { title: string; currentUserId: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = params.get("user");
  const view = userId ? "users" : parseView(params.get("view"));
  const q = params.get("q") ?? "";
  const page = parsePage(params.get("page"));
  const target = params.get("target") ?? "";

  const searchUsers = (nextQ: string, nextPage: number) =>
    navigate(consoleHref({ view: "users", q: nextQ, page: nextPage }));

  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">{title}</h1>
      <p className="mt-2 text-ink-300">{t("admin.lead")}</p>

      <nav aria-label={t("admin.tabs.label")} className="mt-6 border-b border-white/10">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {TABS.map(({ view: tab, icon: Icon }) => {
            const current = tab === view && !userId;
            return (
              <li key={tab}>
                <Link
                  to={consoleHref({ view: tab })}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors",
                    tab === view
                      ? "border-accent-400 text-accent-200"
                      : "border-transparent text-ink-300 hover:text-white",
                  )}
                >
                  <Icon aria-hidden="true" className="hidden size-4 sm:block" />
                  {t(`admin.tabs.${tab}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {view === "broker" ? null : <BrokerLoginBanner />}
      <CalendarBanner />

      <div className="mt-6 space-y-6">
        {userId ? (
          <UserDetail key={userId} id={userId} currentUserId={currentUserId} />
        ) : view === "users" ? (
          <UsersPanel q={q} page={page} onSearch={searchUsers} />
        ) : view === "signals" ? (
          <>
            <SignalsPanel />
            <ForceClosePanel />
            <ManualSignalForm />
            <CallsExportPanel />
          </>
        ) : view === "broker" ? (
          <BrokerPanel />
        ) : view === "alerts" ? (
          <AlertsPanel />
        ) : view === "analyst" ? (
          <ResearchAnalystPanel />
        ) : view === "calendar" ? (
          <CalendarPanel year={parseYear(params.get("year"))} />
        ) : view === "audit" ? (
          <AuditPanel
            target={target}
            onFilter={(next) => navigate(consoleHref({ view: "audit", target: next }))}
          />
        ) : (
          <>
            <StatsPanel />
            <LedgerPanel />
            <UsersPanel q={q} page={page} onSearch={searchUsers} />
          </>
        )}
      </div>
    </Container>
  );
}
