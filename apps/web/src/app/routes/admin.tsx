import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function AdminRoute() {
  const { t } = useTranslation();
  const title = t("routes.admin.title");
  return (
    <>
      <DocumentTitle title={title} />
      <h1>{title}</h1>
    </>
  );
}
