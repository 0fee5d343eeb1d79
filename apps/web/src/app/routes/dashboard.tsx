import { ContactSection } from "@/features/contact/components/contact-section";
import { DashboardScreen } from "@/features/dashboard/components/dashboard-screen";
import { useFaq } from "@/features/faq/hooks/use-faq";
import { SettingsScreen } from "@/features/settings/components/settings-screen";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useBrandName } from "@/features/site/hooks/use-brand-name";
import { useTranslation } from "@/i18n";
import "@/features/dashboard/i18n/en";

/**
 * The dashboard (behind the access guard). Composes the features it embeds, which do not import each
 * other: the contact card, the settings and the site's FAQ modal.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const { openFaq } = useFaq();
  return (
    <>
      <DocumentTitle title={t("routes.dashboard.title")} />
      <DashboardScreen
        brandName={brandName}
        onOpenFaq={openFaq}
        contact={
          <section aria-labelledby="dashboard-contact-heading">
            <h1
              id="dashboard-contact-heading"
              className="mb-6 text-2xl font-semibold tracking-tight text-white"
            >
              {t("dashboardPage.sidebar.contact")}
            </h1>
            <ContactSection embedded />
          </section>
        }
        settings={<SettingsScreen embedded />}
      />
    </>
  );
}
