import { HelpPage } from "@/features/help/components/help-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function HelpRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.help.title")} />
      <HelpPage />
    </>
  );
}
