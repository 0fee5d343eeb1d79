import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { FileSignature } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import "@/features/access/i18n/en";

/**
 * What a dashboard or live screen shows in place of its content while the risk disclosure agreement has not
 * been accepted (the dialog was put aside): why, and a way back to the agreement.
 */
export function AgreementRequired({ onRead }: { onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-2xl border border-white/10 bg-ink-900/70 p-6 text-center shadow-2xl shadow-black/40 sm:p-8">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent-400/10 text-accent-300">
          <FileSignature aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-white">
          {t("accessGate.agreement.blockedTitle")}
        </h1>
        <p className="mt-2 text-ink-200">{ACCESS_MESSAGES.riskDisclosureRequired}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
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
        </div>
      </div>
    </Container>
  );
}
