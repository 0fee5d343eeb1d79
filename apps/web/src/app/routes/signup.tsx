import { useTranslation } from "react-i18next";
import { SignupScreen } from "@/features/auth/components/signup-screen";
import { DocumentTitle } from "@/features/site/components/document-title";

export function SignupRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.signup.title")} />
      <SignupScreen />
    </>
  );
}
