import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import {
  agreementWithProfileRefunds,
  RISK_DISCLOSURE_AGREEMENT,
  RISK_DISCLOSURE_AGREEMENT_FILENAME,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import { Download, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import "@/features/access/i18n/en";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";

/** Accepting, as the dialog's owner runs it (POST /api/risk-disclosure/accept). */
export interface AcceptState {
  onAccept: () => void;
  isPending: boolean;
  error: Error | null;
}

/**
 * The global risk-agreement dialog (spec sections 1 and 2): the agreement's full text in a scrollable,
 * keyboard-focusable region, a checkbox, and Accept, which records the acceptance of this version.
 * "Not now" puts it aside; the screens it guards stay blocked. It only shows: the call is its owner's (so
 * that this code, loaded only for users who have not accepted, carries no data library of its own).
 */
export function RiskAgreementDialog({
  open,
  onOpenChange,
  accept,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accept: AcceptState;
}) {
  const { t } = useTranslation();
  const [confirmed, setConfirmed] = useState(false);
  const checkboxId = useId();
  // With a research-analyst profile, SEBI's refund rule replaces "non-refundable" (decision 033).
  const agreement = useResearchAnalyst().data?.profile
    ? agreementWithProfileRefunds()
    : RISK_DISCLOSURE_AGREEMENT;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={agreement.title}
        description={t("accessGate.agreement.description")}
        className="max-w-2xl"
      >
        <section
          // A scrollable region must be reachable by keyboard to be read with the arrow keys.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region is focusable on purpose.
          tabIndex={0}
          aria-label={t("accessGate.agreement.textLabel")}
          lang="en"
          className="max-h-[45dvh] overflow-y-auto rounded-xl border border-white/10 bg-ink-950/60 p-4 text-sm leading-relaxed text-ink-200 sm:p-5"
        >
          <p className="text-xs text-ink-400">
            {t("accessGate.agreement.version", {
              version: RISK_DISCLOSURE_VERSION,
              effective: agreement.effective,
            })}
          </p>
          <p className="mt-3">{agreement.intro}</p>
          {agreement.sections.map((section) => (
            <div key={section.heading} className="mt-5">
              <h3 className="font-semibold text-white">{section.heading}</h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-2">
                  {paragraph}
                </p>
              ))}
              {"points" in section && section.points ? (
                <ul className="mt-2 list-disc space-y-1.5 pl-5">
                  {section.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
          <div className="mt-5">
            <h3 className="font-semibold text-white">{agreement.declaration.heading}</h3>
            <p className="mt-2">{agreement.declaration.text}</p>
          </div>
        </section>

        <p className="mt-4 text-sm text-ink-300">
          {t("accessGate.agreement.signedCopy")}{" "}
          <a
            href={RISK_DISCLOSURE_AGREEMENT_PATH}
            download={RISK_DISCLOSURE_AGREEMENT_FILENAME}
            className="inline-flex items-center gap-1 font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
          >
            <Download aria-hidden="true" className="size-3.5" />
            {t("accessGate.agreement.download")}
          </a>
        </p>

        <div className="mt-4 flex items-start gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-3.5">
          <input
            id={checkboxId}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-accent-400"
          />
          <label htmlFor={checkboxId} className="text-sm text-ink-100">
            {t("accessGate.agreement.confirm")}
          </label>
        </div>

        {accept.error ? (
          <FormMessage tone="error" className="mt-4">
            {accept.error.message}
          </FormMessage>
        ) : null}

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose className={buttonStyles({ variant: "secondary" })}>
            {t("accessGate.agreement.later")}
          </DialogClose>
          <button
            type="button"
            onClick={accept.onAccept}
            disabled={!confirmed || accept.isPending}
            className={buttonStyles()}
          >
            {accept.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : null}
            {accept.isPending
              ? t("accessGate.agreement.accepting")
              : t("accessGate.agreement.accept")}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
