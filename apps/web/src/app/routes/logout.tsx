import { LogoutScreen } from "@/features/auth/components/logout-screen";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function LogoutRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.logout.title")} />
      <LogoutScreen />
    </>
  );
}
