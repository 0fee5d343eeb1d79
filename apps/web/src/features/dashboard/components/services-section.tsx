import type { AccessKey } from "@kalpa/contracts/names";
import { ChevronRight, Lock } from "lucide-react";
import { useTranslation } from "@/i18n";
import { DASHBOARD_SERVICES, type DashboardService } from "../utils/services";
import "@/features/dashboard/i18n/en";

/**
 * Educational Services in the dashboard: the three instruments. One with access opens its live route; one
 * without opens the Contribution Required prompt (spec section 2).
 */
export function ServicesSection({
  access,
  onOpen,
}: {
  access: ReadonlySet<AccessKey>;
  onOpen: (service: DashboardService) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="services-heading">
      <h1 id="services-heading" className="text-2xl font-semibold tracking-tight text-white">
        {t("dashboardPage.services.heading")}
      </h1>
      <p className="mt-2 text-ink-300">{t("dashboardPage.services.lead")}</p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {DASHBOARD_SERVICES.map((service) => {
          const locked = !access.has(service.key);
          return (
            <li key={service.key}>
              <button
                type="button"
                onClick={() => onOpen(service)}
                aria-label={t("dashboardPage.services.open", { name: service.name })}
                className="group flex h-full w-full flex-col rounded-2xl border border-white/10 bg-ink-900/70 p-5 text-left transition-colors hover:border-accent-400/40 hover:bg-ink-800/70"
              >
                <span className="flex w-full items-center justify-between gap-3">
                  <span className="text-lg font-semibold text-white">{service.name}</span>
                  {locked ? (
                    <Lock aria-hidden="true" className="size-4 text-amber-300" />
                  ) : (
                    <ChevronRight aria-hidden="true" className="size-5 text-accent-400" />
                  )}
                </span>
                <span className="mt-2 text-sm text-ink-300">
                  {t(`dashboardPage.services.${service.descriptionKey}`)}
                </span>
                <span className="mt-3 text-xs text-ink-400">
                  {t("dashboardPage.services.modules", { modules: service.modules.join(", ") })}
                </span>
                {locked ? (
                  <span className="mt-4 inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-300/10 px-2.5 py-0.5 text-xs font-medium text-amber-200">
                    {t("dashboardPage.services.locked")}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
