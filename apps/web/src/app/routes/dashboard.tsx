import { LogOut, Settings, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { useMe } from "@/features/auth/api/get-me";
import { DocumentTitle } from "@/features/site/components/document-title";

const ACCOUNT_LINKS = [
  { to: "/profile", label: "nav.profile", icon: UserRound },
  { to: "/settings", label: "nav.settings", icon: Settings },
  { to: "/logout", label: "nav.logout", icon: LogOut },
] as const;

/** The dashboard's placeholder: a real greeting for the signed-in user and the way to their account. */
export function DashboardRoute() {
  const { t } = useTranslation();
  // Behind the access guard, so the session's user is already known.
  const { data: user } = useMe();
  const title = t("routes.dashboard.title");
  return (
    <>
      <DocumentTitle title={title} />
      <PlaceholderPage
        lead={user ? t("dashboard.welcome", { name: user.name }) : undefined}
        heading={title}
        summary={t("routes.dashboard.summary")}
      >
        <nav aria-label={t("dashboard.accountLinks")}>
          <ul className="flex flex-wrap gap-3">
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={buttonStyles({ variant: "secondary" })}>
                  <link.icon aria-hidden="true" className="size-4" />
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PlaceholderPage>
    </>
  );
}
