import { AdminConsole } from "@/features/admin/components/admin-console";
import { useMe } from "@/features/auth/api/get-me";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/**
 * /admin, the operator console (behind the admin guard). Its code loads only with this route: no public
 * page's bundle carries it.
 */
export function AdminRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const title = t("routes.admin.title");
  return (
    <>
      <DocumentTitle title={title} />
      <AdminConsole title={title} currentUserId={me.data?.id ?? ""} />
    </>
  );
}
