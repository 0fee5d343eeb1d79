import { useAccessDetails } from "@/app/access-details";
import { SettingsScreen } from "@/features/settings/components/settings-screen";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/** Settings on its own page (behind the access guard); the dashboard embeds the same screen. */
export function SettingsRoute() {
  const { t } = useTranslation();
  const access = useAccessDetails();
  return (
    <>
      <DocumentTitle title={t("routes.settings.title")} />
      <SettingsScreen access={access} />
    </>
  );
}
