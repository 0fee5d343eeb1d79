import { RESEARCH_ANALYST_MESSAGES } from "@kalpa/contracts/messages";
import { ScrollText } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { NoticeCard } from "@/components/ui/notice-card";
import { useTranslation } from "@/i18n";
import "@/features/access/i18n/en";

/**
 * What a dashboard or live screen shows in place of its content while the operator's research-analyst
 * profile asks for the Most Important Terms and Conditions and they are not accepted: why, and the way to
 * the terms (which come back here once accepted).
 */
export function TermsRequired({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <NoticeCard
      icon={ScrollText}
      title={t("accessGate.terms.blockedTitle")}
      message={RESEARCH_ANALYST_MESSAGES.termsRequired}
    >
      <Link
        to={`/terms-summary?next=${encodeURIComponent(returnTo)}`}
        className={buttonStyles({ className: "sm:flex-1" })}
      >
        {t("accessGate.terms.read")}
      </Link>
      <Link to="/" className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}>
        {t("accessGate.agreement.backHome")}
      </Link>
    </NoticeCard>
  );
}
