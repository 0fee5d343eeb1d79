import { InvestorCharterPage } from "@/features/research-analyst/components/investor-charter-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import "@/features/research-analyst/i18n/en";

/** /investor-charter (public): SEBI's investor charter for research analysts, in the site's words. */
export function InvestorCharterRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("analyst.charter.title")} />
      <InvestorCharterPage />
    </>
  );
}
