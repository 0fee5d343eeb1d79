import { useTranslation } from "react-i18next";
import { HelpPage } from "@/features/help/components/help-page";
import { DocumentTitle } from "@/features/site/components/document-title";

export function HelpRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.help.title")} />
      <HelpPage />
    </>
  );
}
