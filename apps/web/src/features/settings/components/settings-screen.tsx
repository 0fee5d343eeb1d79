import { PLAN_PRICE_RUPEES } from "@kalpa/contracts/constants";
import { Download, KeyRound, Languages, LoaderCircle, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { HIDE_NAVBAR_PARAM } from "@/components/layouts/navbar";
import { buttonStyles } from "@/components/ui/button-styles";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { notify } from "@/lib/notify";
import { useExportAccount } from "../api/export-account";
import { AccessDetails, type AccessDetailsState } from "./access-details";
import { AlertsSection } from "./alerts-section";
import { RefundsList } from "./refunds-list";
import "@/features/settings/i18n/en";

const CARD = "rounded-2xl border border-white/10 bg-ink-900/70 p-5 sm:p-6";
const ROW = "flex flex-col gap-4 py-5 sm:flex-row sm:items-center sm:justify-between";

/**
 * Settings (spec section 2): Access Details and General Settings, on its own page or embedded in the
 * dashboard. Every button does something: Change and Upgrade Plan lead to /trading-services, Export
 * downloads the user's data as JSON. The access shown is the real state, per instrument (the spec's fixed
 * "Professional Access" badge would be a false claim). Embedded in the dashboard, the services open
 * without the site's bar (`?hideNav=1`), as the dashboard has none.
 */
export function SettingsScreen({
  embedded = false,
  access,
}: {
  embedded?: boolean;
  /** The user's access per instrument (the route reads the subscription status). */
  access: AccessDetailsState;
}) {
  const { t } = useTranslation();
  const exporter = useExportAccount();
  const price = PLAN_PRICE_RUPEES.toLocaleString("en-IN");
  const servicesHref = embedded ? `/trading-services?${HIDE_NAVBAR_PARAM}=1` : "/trading-services";

  const onExport = () =>
    exporter.mutate(undefined, {
      onSuccess: () => notify.success(t("settingsPage.general.exported")),
      onError: (error) => notify.error(error.message || t("settingsPage.general.exportFailed")),
    });

  return (
    <div className={cn(!embedded && "mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14")}>
      <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">
        {t("settingsPage.heading")}
      </h1>
      <p className="mt-2 text-ink-300">{t("settingsPage.lead")}</p>

      <section aria-labelledby="access-details-heading" className={cn(CARD, "mt-8")}>
        <h2 id="access-details-heading" className="text-lg font-semibold text-white">
          {t("settingsPage.access.heading")}
        </h2>
        <div className="mt-2 divide-y divide-white/5">
          <div className={ROW}>
            <div className="min-w-0 flex-1">
              <h3 className="mb-2 text-sm text-ink-400">{t("settingsPage.access.status")}</h3>
              <AccessDetails access={access} />
              <RefundsList />
            </div>
            <Link
              to={servicesHref}
              className={buttonStyles({ variant: "secondary", size: "sm", className: "w-fit" })}
            >
              {t("settingsPage.access.change")}
            </Link>
          </div>
          <div className={ROW}>
            <dl>
              <dt className="text-sm text-ink-400">{t("settingsPage.access.plan")}</dt>
              <dd className="mt-1 text-ink-100">{t("settingsPage.access.planValue", { price })}</dd>
            </dl>
            <Link to={servicesHref} className={buttonStyles({ size: "sm", className: "w-fit" })}>
              {t("settingsPage.access.upgrade")}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="general-settings-heading" className={cn(CARD, "mt-6")}>
        <h2 id="general-settings-heading" className="text-lg font-semibold text-white">
          {t("settingsPage.general.heading")}
        </h2>
        <div className="mt-2 divide-y divide-white/5">
          <SettingRow
            icon={<UserRound aria-hidden="true" className="size-5" />}
            title={t("settingsPage.general.account")}
            hint={t("settingsPage.general.accountHint")}
          >
            <Link
              to="/profile"
              className={buttonStyles({ variant: "secondary", size: "sm", className: "w-fit" })}
            >
              <KeyRound aria-hidden="true" className="size-4" />
              {t("settingsPage.general.editProfile")}
            </Link>
          </SettingRow>
          <SettingRow
            icon={<Languages aria-hidden="true" className="size-5" />}
            title={t("settingsPage.general.language")}
            hint={t("settingsPage.general.languageHint")}
          >
            {/* The row already names it: the switch's own visible "Language" label is left out here. */}
            <div className="[&_fieldset>span]:hidden">
              <LanguageSwitch />
            </div>
          </SettingRow>
          <SettingRow
            icon={<Download aria-hidden="true" className="size-5" />}
            title={t("settingsPage.general.exportHeading")}
            hint={t("settingsPage.general.exportHint")}
          >
            <button
              type="button"
              onClick={onExport}
              disabled={exporter.isPending}
              className={buttonStyles({ variant: "secondary", size: "sm", className: "w-fit" })}
            >
              {exporter.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Download aria-hidden="true" className="size-4" />
              )}
              {exporter.isPending
                ? t("settingsPage.general.exporting")
                : t("settingsPage.general.export")}
            </button>
          </SettingRow>
        </div>
      </section>

      <AlertsSection access={access} className={cn(CARD, "mt-6")} />
    </div>
  );
}

function SettingRow({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className={ROW}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 text-accent-400">{icon}</span>
        <div>
          <h3 className="font-medium text-white">{title}</h3>
          <p className="mt-0.5 text-sm text-ink-300">{hint}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
