import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { FileSignature } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { NoticeCard } from "@/components/ui/notice-card";
import { useTranslation } from "@/i18n";
import "@/features/access/i18n/en";

/**
 * What a dashboard or live screen shows in place of its content while the risk disclosure agreement has not
 * been accepted (the dialog was put aside): why, and a way back to the agreement.
 */
export function AgreementRequired({ onRead }: { onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <NoticeCard
      icon={FileSignature}
      title={t("accessGate.agreement.blockedTitle")}
      message={ACCESS_MESSAGES.riskDisclosureRequired}
    >
      <button
        type="button"
        onClick={onRead}
        aria-haspopup="dialog"
        className={buttonStyles({ className: "sm:flex-1" })}
      >
        {t("accessGate.agreement.read")}
      </button>
      <Link to="/" className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}>
        {t("accessGate.agreement.backHome")}
      </Link>
    </NoticeCard>
  );
}
