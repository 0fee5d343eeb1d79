import { DisclosuresPage } from "@/features/research-analyst/components/disclosures-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import "@/features/research-analyst/i18n/en";

/** /disclosures (public): the operator's research-analyst profile. */
export function DisclosuresRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("analyst.disclosures.title")} />
      <DisclosuresPage />
    </>
  );
}
