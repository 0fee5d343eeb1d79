import { buttonStyles } from "@/components/ui/button-styles";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { useRegistration } from "@/features/site/hooks/use-registration";
import type { DeferredDialogProps } from "@/hooks/use-deferred-dialog";
import { useTranslation } from "@/i18n";
import "@/features/landing/i18n/en";

const PARAGRAPHS = ["educational", "notAdvice", "options", "performance"] as const;

/** The full Risk Disclaimer, loaded when the risk band's button is first pressed. */
export function RiskDisclaimerDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: DeferredDialogProps) {
  const { t } = useTranslation();
  const registration = useRegistration();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("landing.risk.modalTitle")}
        description={t("landing.risk.modalDescription")}
        onCloseAutoFocus={onCloseAutoFocus}
        className="max-w-lg"
      >
        <div className="space-y-3 text-sm leading-relaxed text-ink-200">
          {PARAGRAPHS.map((key) => (
            <p key={key}>
              {key === "notAdvice" && registration
                ? t("landing.risk.modalParagraphs.notAdviceRegistered", registration)
                : t(`landing.risk.modalParagraphs.${key}`)}
            </p>
          ))}
        </div>
        <DialogClose className={buttonStyles({ className: "mt-6 w-full sm:w-auto" })}>
          {t("landing.risk.close")}
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
