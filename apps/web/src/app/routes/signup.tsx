import { SignupScreen } from "@/features/auth/components/signup-screen";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function SignupRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.signup.title")} />
      <SignupScreen />
    </>
  );
}
