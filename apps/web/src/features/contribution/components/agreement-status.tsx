import type { RiskDisclosureStatus } from "@kalpa/contracts/api/access";
import type { SiteInfo } from "@kalpa/contracts/api/site";
import {
  RISK_DISCLOSURE_AGREEMENT_FILENAME,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import { CircleCheck, Download, Hourglass, LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDay } from "@/lib/dates";
import type { Loadable } from "../utils/loadable";
import "@/features/contribution/i18n/en";

/** A messaging-app number as people write it: 919876543210 → "+91 98765 43210". */
export function whatsappNumber(whatsapp: string): string {
  const digits = whatsapp.replace(/\D/g, "");
  const indian = /^91(\d{5})(\d{5})$/.exec(digits);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : `+${digits}`;
}

function StatusLine({ done, children }: { done: boolean; children: ReactNode }) {
  const Icon = done ? CircleCheck : Hourglass;
  return (
    <li
      className={cn(
        "flex items-start gap-2.5 rounded-lg px-3 py-2.5 text-sm",
        done ? "bg-accent-400/10 text-accent-200" : "bg-amber-300/10 text-amber-100",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-4 shrink-0", done ? "text-accent-300" : "text-amber-300")}
      />
      <span>{children}</span>
    </li>
  );
}

/**
 * The risk disclosure agreement on the Contribution page: accepted online or not, whether the
 * signed copy has reached the founder, and how to send it (download, sign, send a scan or photo on the
 * messaging app or by e-mail, or post the original).
 */
export function AgreementStatus({
  agreement,
  operator,
}: {
  agreement: Loadable<RiskDisclosureStatus>;
  operator: Loadable<SiteInfo["operator"]>;
}) {
  const { t } = useTranslation();
  const contact = typeof operator === "object" ? operator : null;
  return (
    <section
      aria-labelledby="contribution-agreement"
      className="rounded-2xl border border-white/10 bg-ink-900/70 p-5 sm:p-6"
    >
      <h2 id="contribution-agreement" className="text-lg font-semibold text-white">
        {t("contribution.agreement.heading")}
      </h2>
      <p className="mt-2 text-sm text-ink-300">{t("contribution.agreement.lead")}</p>

      <h3 className="sr-only">{t("contribution.agreement.statusLabel")}</h3>
      {agreement === "pending" ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-ink-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
          {t("contribution.agreement.loading")}
        </p>
      ) : agreement === "error" ? (
        <FormMessage tone="error" className="mt-4">
          {t("contribution.agreement.unknown")}
        </FormMessage>
      ) : (
        <ul className="mt-4 space-y-2">
          <StatusLine done={agreement.accepted}>
            {agreement.accepted && agreement.acceptedAt
              ? t("contribution.agreement.accepted", { date: formatDay(agreement.acceptedAt) })
              : t("contribution.agreement.notAccepted")}
          </StatusLine>
          <StatusLine done={agreement.signedCopyReceived}>
            {agreement.signedCopyReceived && agreement.signedCopyReceivedOn
              ? t("contribution.agreement.received", {
                  date: formatDay(agreement.signedCopyReceivedOn),
                })
              : t("contribution.agreement.pending")}
          </StatusLine>
        </ul>
      )}

      <h3 className="mt-6 text-sm font-semibold text-white">
        {t("contribution.agreement.howHeading")}
      </h3>
      <ol className="mt-3 list-decimal space-y-2.5 pl-5 text-sm leading-relaxed text-ink-200 marker:text-ink-400">
        <li>
          <a
            href={RISK_DISCLOSURE_AGREEMENT_PATH}
            download={RISK_DISCLOSURE_AGREEMENT_FILENAME}
            className="inline-flex items-center gap-1.5 font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            {t("contribution.agreement.download")}
          </a>{" "}
          <span className="text-ink-400">{t("contribution.agreement.format")}</span>
        </li>
        <li>{t("contribution.agreement.sign")}</li>
        <li>
          {contact
            ? t("contribution.agreement.send", {
                phone: whatsappNumber(contact.whatsapp),
                email: contact.email,
              })
            : t("contribution.agreement.sendGeneric")}{" "}
          {contact
            ? t("contribution.agreement.post", { name: contact.name })
            : t("contribution.agreement.postGeneric")}
        </li>
      </ol>
    </section>
  );
}
