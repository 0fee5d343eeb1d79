import { useTranslation } from "react-i18next";
import { LogoutScreen } from "@/features/auth/components/logout-screen";
import { DocumentTitle } from "@/features/site/components/document-title";

export function LogoutRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.logout.title")} />
      <LogoutScreen />
    </>
  );
}
