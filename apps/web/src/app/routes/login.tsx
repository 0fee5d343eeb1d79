import { useTranslation } from "react-i18next";
import { LoginScreen } from "@/features/auth/components/login-screen";
import { DocumentTitle } from "@/features/site/components/document-title";

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.login.title")} />
      <LoginScreen />
    </>
  );
}
