import { TERMS_SUMMARY_VERSION } from "@kalpa/contracts/api/research-analyst";
import { CheckCircle2, LoaderCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { formatDay } from "@/lib/dates";
import { TERMS_SUMMARY } from "../content/terms-summary";
import { profileValues, RegulatoryPage, Sections } from "./regulatory-page";

/** Where the reader stands with the terms, as the route works it out (session and access status). */
export type TermsAcceptance =
  | { kind: "loading" }
  | { kind: "anonymous"; loginPath: string }
  | { kind: "required"; onAccept: () => void; pending: boolean; error: string | null }
  | { kind: "accepted"; acceptedAt: string | null; next: string | null }
  /** Signed in, but the server does not ask for them (no profile there). */
  | { kind: "not-required" };

/**
 * /terms-summary: the Most Important Terms and Conditions, and below them, for a signed-in subscriber, the
 * acceptance the live screens wait for (its time and version are recorded by the server).
 */
export function TermsSummaryPage({ acceptance }: { acceptance: TermsAcceptance }) {
  const { t } = useTranslation();
  return (
    <RegulatoryPage
      title={t("analyst.terms.title")}
      lead={(profile) =>
        t("analyst.terms.lead", {
          name: profile.registeredName,
          number: profile.registrationNumber,
        })
      }
    >
      {(profile) => (
        <>
          <p className="mb-6 text-sm text-ink-400">
            {t("analyst.terms.version", { version: TERMS_SUMMARY_VERSION })}
          </p>
          <Sections sections={TERMS_SUMMARY} values={profileValues(profile)} />
          <AcceptanceBlock acceptance={acceptance} />
        </>
      )}
    </RegulatoryPage>
  );
}

function AcceptanceBlock({ acceptance }: { acceptance: TermsAcceptance }) {
  const { t } = useTranslation();
  const frame = "mt-10 rounded-2xl border border-white/10 bg-ink-900/70 p-5 sm:p-6";
  switch (acceptance.kind) {
    case "loading":
      return (
        <div role="status" className={`${frame} flex items-center gap-3 text-ink-300`}>
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
          {t("analyst.loading")}
        </div>
      );
    case "anonymous":
      return (
        <div className={frame}>
          <Link to={acceptance.loginPath} className={buttonStyles()}>
            {t("analyst.terms.signIn")}
          </Link>
        </div>
      );
    case "required":
      return (
        <div className={frame}>
          {acceptance.error ? (
            <FormMessage tone="error" className="mb-4">
              {acceptance.error}
            </FormMessage>
          ) : null}
          <button
            type="button"
            onClick={acceptance.onAccept}
            disabled={acceptance.pending}
            className={buttonStyles({ className: "w-full sm:w-auto" })}
          >
            {acceptance.pending ? t("analyst.terms.accepting") : t("analyst.terms.accept")}
          </button>
        </div>
      );
    case "accepted":
      return (
        <div className={`${frame} space-y-4`}>
          <p role="status" className="flex items-start gap-2 text-accent-200">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t("analyst.terms.acceptedOn", {
              date: acceptance.acceptedAt ? formatDay(acceptance.acceptedAt) : "—",
            })}
          </p>
          {acceptance.next ? (
            <Link to={acceptance.next} className={buttonStyles()}>
              {t("analyst.terms.continue")}
            </Link>
          ) : null}
        </div>
      );
    case "not-required":
      return null;
  }
}

import "@/features/research-analyst/i18n/en";
