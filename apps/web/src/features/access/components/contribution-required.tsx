import { PLAN_PRICE_RUPEES } from "@kalpa/contracts/constants";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { NoticeCard } from "@/components/ui/notice-card";
import { useTranslation } from "@/i18n";
import { formatRupees } from "@/lib/format";
import "@/features/access/i18n/en";

/**
 * The access guard's Contribution Required screen (spec sections 2 and 8): the server's message for the
 * instrument (expired on a date, not found, inactive), Back to Dashboard and Contact Support.
 */
export function ContributionRequired({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <NoticeCard
      icon={Lock}
      tone="amber"
      title={ACCESS_MESSAGES.contributionRequiredTitle}
      message={message}
      alert
      note={
        <p className="mt-3 text-sm text-ink-400">
          {t("accessGate.plansHint", { price: formatRupees(PLAN_PRICE_RUPEES) })}{" "}
          <Link
            to="/pricing"
            className="font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
          >
            {t("accessGate.seePlans")}
          </Link>
        </p>
      }
    >
      <Link to="/dashboard" className={buttonStyles({ className: "sm:flex-1" })}>
        {t("accessGate.backToDashboard")}
      </Link>
      <Link
        to="/contact"
        className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}
      >
        {t("accessGate.contactSupport")}
      </Link>
    </NoticeCard>
  );
}
