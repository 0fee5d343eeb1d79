import { LoginScreen } from "@/features/auth/components/login-screen";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.login.title")} />
      <LoginScreen />
    </>
  );
}
