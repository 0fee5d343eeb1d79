import type { SiteInfo } from "@kalpa/contracts/api/site";
import {
  agreementWithProfileRefunds,
  RISK_DISCLOSURE_AGREEMENT,
  RISK_DISCLOSURE_AGREEMENT_FILENAME,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import { AlertTriangle, Download, FileText } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import type { DeferredDialogProps } from "@/hooks/use-deferred-dialog";
import { useTranslation } from "@/i18n";
import "@/features/landing/i18n/en";

/**
 * The RDA modal: the Risk Disclosure Agreement as a Word file to download, print and sign, a summary of it,
 * and the notice that trading involves substantial risk. Loaded when the RDA button is first pressed.
 */
export function RdaDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  operator,
}: DeferredDialogProps & { operator: SiteInfo["operator"] | null }) {
  const { t } = useTranslation();
  // With a research-analyst profile, SEBI's refund rule replaces "non-refundable" (decision 033).
  const agreement = useResearchAnalyst().data?.profile
    ? agreementWithProfileRefunds()
    : RISK_DISCLOSURE_AGREEMENT;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("landing.rda.title")}
        onCloseAutoFocus={onCloseAutoFocus}
        description={t("landing.rda.description")}
        className="max-w-lg"
      >
        <p className="flex gap-3 rounded-xl border border-amber-400/30 bg-amber-400/10 p-4 text-sm leading-relaxed text-amber-100">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
          {t("landing.rda.riskNotice")}
        </p>
        <h3 className="mt-5 text-sm font-semibold text-white">{t("landing.rda.summaryHeading")}</h3>
        <ul
          className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-ink-200"
          lang="en"
        >
          {agreement.summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {operator ? (
          <p className="mt-4 text-sm text-ink-300">
            {t("landing.rda.sendTo", { name: operator.name, email: operator.email })}
          </p>
        ) : null}
        <div className="mt-5 flex items-center gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-3">
          <FileText aria-hidden="true" className="size-8 shrink-0 text-accent-400" />
          <span className="min-w-0 text-sm break-words text-ink-200">{t("landing.rda.file")}</span>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose className={buttonStyles({ variant: "secondary" })}>
            {t("landing.rda.close")}
          </DialogClose>
          <a
            href={RISK_DISCLOSURE_AGREEMENT_PATH}
            download={RISK_DISCLOSURE_AGREEMENT_FILENAME}
            className={buttonStyles()}
          >
            <Download aria-hidden="true" className="size-4" />
            {t("landing.rda.download")}
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}
