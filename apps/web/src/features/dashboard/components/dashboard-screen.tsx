import { DASHBOARD_MESSAGES } from "@kalpa/contracts/messages";
import type { AccessKey } from "@kalpa/contracts/names";
import { AlertTriangle, LoaderCircle, RotateCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { useDashboardUser } from "../api/get-dashboard-user";
import { useDashboardSection } from "../hooks/use-dashboard-section";
import { readCachedUser } from "../utils/cached-user";
import type { DashboardSection } from "../utils/sections";
import { type DashboardService, NO_ACCESS } from "../utils/services";
import { ContributionRequiredDialog } from "./contribution-required-dialog";
import { DashboardHome } from "./dashboard-home";
import { DashboardSidebar } from "./dashboard-sidebar";
import { ServicesSection } from "./services-section";
import "@/features/dashboard/i18n/en";

export interface DashboardScreenProps {
  brandName: string;
  /** The contact card and the settings, embedded (composed by the route: features do not import each other). */
  contact: ReactNode;
  settings: ReactNode;
  /** The live market cards of the home section (MarketCards with their data). */
  markets: ReactNode;
  /** The Forecasting section's content (the forecast page, embedded). */
  forecasting: ReactNode;
  /** The Paper Trade section's content (the journal, embedded). */
  paperTrade: ReactNode;
  /** Opens the FAQ modal; without it the FAQ item links to /faq. */
  onOpenFaq?: (() => void) | undefined;
  /** Services the user can open: the active subscriptions (spec section 5). */
  access?: ReadonlySet<AccessKey>;
}

/**
 * The dashboard (spec sections 2, 4 and 8): loading, then the sidebar and the section named in the URL; a
 * failed load shows "Failed to load user data. Please refresh the page." with Retry, over the user data
 * cached on this device when there is some; a 401 goes to /login.
 */
export function DashboardScreen({
  brandName,
  contact,
  settings,
  markets,
  forecasting,
  paperTrade,
  onOpenFaq,
  access = NO_ACCESS,
}: DashboardScreenProps) {
  const { t } = useTranslation();
  const user = useDashboardUser();
  const section = useDashboardSection();
  const navigate = useNavigate();
  const [locked, setLocked] = useState<DashboardService | null>(null);

  if (user.isError && isApiError(user.error) && user.error.status === 401) {
    return <Navigate to="/login" replace />;
  }
  if (user.isPending) {
    return (
      <div
        role="status"
        className="flex min-h-[60vh] items-center justify-center gap-3 text-ink-300"
      >
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
        <span>{t("dashboardPage.loading")}</span>
      </div>
    );
  }

  const cached = user.isError ? readCachedUser() : null;
  const name = user.data?.name ?? cached?.name;
  const failure = user.isError ? (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-red-400/30 bg-red-400/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-3 text-sm text-red-100">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-300" />
        <span>
          {DASHBOARD_MESSAGES.failedToLoadUserData}
          {cached ? (
            <span className="block text-red-200/80">{t("dashboardPage.cachedNote")}</span>
          ) : null}
        </span>
      </p>
      <button
        type="button"
        onClick={() => void user.refetch()}
        disabled={user.isFetching}
        className={buttonStyles({ variant: "secondary", size: "sm", className: "shrink-0" })}
      >
        <RotateCw
          aria-hidden="true"
          className={user.isFetching ? "size-4 motion-safe:animate-spin" : "size-4"}
        />
        {t("dashboardPage.retry")}
      </button>
    </div>
  ) : null;

  if (name === undefined) {
    return <div className="mx-auto max-w-xl px-4 py-16">{failure}</div>;
  }

  const openService = (service: DashboardService) => {
    if (access.has(service.key)) navigate(service.liveRoute);
    else setLocked(service);
  };

  const body: Record<DashboardSection, () => ReactNode> = {
    home: () => <DashboardHome name={name} brandName={brandName} markets={markets} />,
    "trading-services": () => <ServicesSection access={access} onOpen={openService} />,
    forecasting: () => forecasting,
    "paper-trade": () => paperTrade,
    contact: () => contact,
    settings: () => settings,
  };

  return (
    <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]">
      <DashboardSidebar name={name} brandName={brandName} active={section} onOpenFaq={onOpenFaq} />
      <div className="min-w-0 px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
        <div className="mx-auto max-w-6xl space-y-6">
          {failure}
          {body[section]()}
        </div>
      </div>
      <ContributionRequiredDialog service={locked} onClose={() => setLocked(null)} />
    </div>
  );
}
