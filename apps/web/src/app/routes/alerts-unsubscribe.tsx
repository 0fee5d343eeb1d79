import { EmailUnsubscribe } from "@/features/settings/components/email-unsubscribe";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function AlertsUnsubscribeRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("routes.alertsUnsubscribe.title")} />
      <EmailUnsubscribe />
    </>
  );
}
