import { useSubscriptionStatus } from "@/features/access/api/get-subscription-status";
import { useMe } from "@/features/auth/api/get-me";
import { ContributionPage } from "@/features/contribution/components/contribution-page";
import type { Loadable } from "@/features/contribution/utils/loadable";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

function loadable<T>(query: { data: T | undefined; isError: boolean }): Loadable<T> {
  if (query.data !== undefined) return query.data;
  return query.isError ? "error" : "pending";
}

/**
 * /whatsapp-contact (behind the access guard): the Contribution page with the founder's contact, the
 * signed-in user who writes, and their risk disclosure agreement's status.
 */
export function WhatsappContactRoute() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const status = useSubscriptionStatus();
  const me = useMe();
  const title = t("routes.whatsappContact.title");
  const user = status.data?.user;
  const sender = user
    ? { name: user.fullName || user.name, username: user.username }
    : me.data
      ? { name: me.data.name, username: me.data.username }
      : null;
  return (
    <>
      <DocumentTitle title={title} />
      <ContributionPage
        title={title}
        operator={loadable({ data: site.data?.operator, isError: site.isError })}
        sender={sender}
        agreement={loadable({ data: status.data?.riskDisclosure, isError: status.isError })}
      />
    </>
  );
}
