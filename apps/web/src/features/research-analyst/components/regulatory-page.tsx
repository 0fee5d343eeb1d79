import type { ResearchAnalystProfile } from "@kalpa/contracts/api/research-analyst";
import { Languages, LoaderCircle, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import { useTranslation } from "@/i18n";
import { type DisclosureSection, fill, type ProfileValues } from "../content/types";
import "@/features/research-analyst/i18n/en";

export function profileValues(profile: ResearchAnalystProfile): ProfileValues {
  return {
    name: profile.registeredName,
    number: profile.registrationNumber,
    grievanceEmail: profile.grievanceOfficer.email,
    grievancePhone: profile.grievanceOfficer.phone,
  };
}

/**
 * The frame of the research analyst's pages: the heading and lead, then the page's body made from the
 * operator's profile; while it loads, a loading line; when it fails, Retry; without a profile, a note that
 * there is none (the site's own disclaimer stands).
 */
export function RegulatoryPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: (profile: ResearchAnalystProfile) => string;
  children: (profile: ResearchAnalystProfile) => ReactNode;
}) {
  const { t } = useTranslation();
  const query = useResearchAnalyst();
  const profile = query.data?.profile;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="mt-8 flex items-center gap-3 text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
        {t("analyst.loading")}
      </p>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="mt-8 space-y-3 text-ink-200">
        <p>{t("analyst.failed")}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className={buttonStyles({ variant: "secondary" })}
        >
          {t("analyst.retry")}
        </button>
      </div>
    );
  } else if (!profile) {
    body = (
      <div className="mt-8 max-w-2xl rounded-2xl border border-white/10 bg-ink-900/70 p-6">
        <h2 className="text-lg font-semibold text-white">{t("analyst.none.title")}</h2>
        <p className="mt-2 text-ink-200">{t("analyst.none.body")}</p>
        <Link
          to="/policies/disclaimer"
          className={buttonStyles({ variant: "secondary", className: "mt-4" })}
        >
          {t("analyst.none.disclaimer")}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <p className="mt-4 max-w-3xl text-ink-200">{lead(profile)}</p>
        <div className="mt-8 max-w-3xl text-base leading-relaxed text-ink-200">
          {children(profile)}
        </div>
      </>
    );
  }
  return (
    <div className="relative isolate">
      <PageGlow />
      <Container className="py-12 sm:py-16">
        <header className="max-w-3xl">
          <p className="mb-3 inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-300 uppercase">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t("analyst.footer.links")}
          </p>
          <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white text-balance sm:text-4xl">
            {title}
          </h1>
        </header>
        {body}
      </Container>
    </div>
  );
}

/**
 * Numbered sections of paragraphs and lists, filled with the profile: a regulatory document, published in
 * English only (the binding text), so in another language a note above it says so.
 */
export function Sections({
  sections,
  values,
}: {
  sections: readonly DisclosureSection[];
  values: ProfileValues;
}) {
  const { t, language } = useTranslation();
  return (
    <>
      {language !== "en" ? (
        <p className="mb-6 inline-flex items-start gap-2 rounded-lg border border-sky-300/20 bg-sky-300/10 px-3 py-2 text-sm text-sky-100">
          <Languages aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("analyst.englishOnly")}
        </p>
      ) : null}
      <div lang="en" className="space-y-10">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2
              id={`${section.id}-heading`}
              className="flex gap-3 text-xl font-semibold tracking-tight text-white sm:text-2xl"
            >
              <span aria-hidden="true" className="text-accent-400 tabular-nums">
                {index + 1}.
              </span>
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4">
              {section.paragraphs?.map((text) => (
                <p key={text}>{fill(text, values)}</p>
              ))}
              {section.items ? (
                <ul className="list-disc space-y-2 pl-5 marker:text-accent-400">
                  {section.items.map((item) => (
                    <li key={item}>{fill(item, values)}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

/** The regulator's links: SEBI SCORES and the Online Dispute Resolution portal. */
export function GrievanceLinks({ scores, odr }: { scores: string; odr: string }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-3">
      {[
        { href: scores, label: t("analyst.disclosures.scores") },
        { href: odr, label: t("analyst.disclosures.odr") },
      ].map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles({ variant: "secondary" })}
          >
            {link.label}
            <span className="sr-only"> ({link.href})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
