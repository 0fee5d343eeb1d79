import type { User } from "@kalpa/contracts/api/session";
import { useQueryClient } from "@tanstack/react-query";
import { updateSessionUser } from "@/features/auth/utils/session";
import { ProfileScreen } from "@/features/profile/components/profile-screen";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function ProfileRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const title = t("routes.profile.title");
  // Profile edits change the signed-in user: keep the session's copy and the hints in step.
  const onUserChanged = (user: User) => updateSessionUser(queryClient, user);
  return (
    <>
      <DocumentTitle title={title} />
      <ProfileScreen title={title} onUserChanged={onUserChanged} />
    </>
  );
}
