import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { useTranslation } from "@/i18n";
import type { DashboardService } from "../utils/services";
import "@/features/dashboard/i18n/en";

/**
 * The lock prompt for a service the user has no access to (spec section 2, Dashboard): Contribution
 * Required with the instrument, its modules, Close and Subscribe Now (to /whatsapp-contact with the
 * service, as the trading-services Proceed does).
 */
export function ContributionRequiredDialog({
  service,
  onClose,
}: {
  service: DashboardService | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={service !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {service ? (
        <DialogContent
          title={ACCESS_MESSAGES.contributionRequiredTitle}
          description={ACCESS_MESSAGES.contributionRequiredBody}
        >
          <div className="flex items-start gap-3 rounded-xl border border-amber-300/20 bg-amber-300/5 p-4">
            <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
            <div>
              <p className="font-semibold text-white">
                {t("dashboardPage.lock.instrument", { name: service.name })}
              </p>
              <p className="mt-1 text-sm text-ink-300">
                {t("dashboardPage.lock.modules", { modules: service.modules.join(", ") })}
              </p>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose className={buttonStyles({ variant: "secondary" })}>
              {t("dashboardPage.lock.close")}
            </DialogClose>
            <Link to={`/whatsapp-contact?service=${service.slug}`} className={buttonStyles()}>
              {t("dashboardPage.lock.subscribe")}
            </Link>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
