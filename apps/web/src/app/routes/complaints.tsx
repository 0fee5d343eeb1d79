import { ComplaintsPage } from "@/features/research-analyst/components/complaints-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import "@/features/research-analyst/i18n/en";

/** /complaints (public): the monthly complaints table. */
export function ComplaintsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("analyst.complaints.title")} />
      <ComplaintsPage />
    </>
  );
}
