import { PLAN_PRICE_RUPEES } from "@kalpa/contracts/constants";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
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
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-2xl border border-amber-300/20 bg-ink-900/70 p-6 text-center shadow-2xl shadow-black/40 sm:p-8">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-amber-300/10 text-amber-300">
          <Lock aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-white">
          {ACCESS_MESSAGES.contributionRequiredTitle}
        </h1>
        <p role="alert" className="mt-2 text-ink-200">
          {message}
        </p>
        <p className="mt-3 text-sm text-ink-400">
          {t("accessGate.plansHint", { price: formatRupees(PLAN_PRICE_RUPEES) })}{" "}
          <Link
            to="/pricing"
            className="font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
          >
            {t("accessGate.seePlans")}
          </Link>
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/dashboard" className={buttonStyles({ className: "sm:flex-1" })}>
            {t("accessGate.backToDashboard")}
          </Link>
          <Link
            to="/contact"
            className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}
          >
            {t("accessGate.contactSupport")}
          </Link>
        </div>
      </div>
    </Container>
  );
}
