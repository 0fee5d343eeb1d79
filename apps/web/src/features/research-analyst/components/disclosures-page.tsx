import {
  ODR_URL,
  type Officer,
  RA_REGISTRATION_STATEMENT,
  SCORES_URL,
} from "@kalpa/contracts/api/research-analyst";
import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { REGULATORY_LINKS } from "./regulatory-links";
import { GrievanceLinks, RegulatoryPage } from "./regulatory-page";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-white/5 py-3 sm:grid-cols-[16rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-ink-400">{label}</dt>
      <dd className="min-w-0 text-ink-50 break-words">{children}</dd>
    </div>
  );
}

function OfficerDetails({ officer }: { officer: Officer }) {
  return (
    <>
      <span className="block font-medium">{officer.name}</span>
      <a href={`mailto:${officer.email}`} className="text-accent-300 hover:underline">
        {officer.email}
      </a>
      {" · "}
      <a
        href={`tel:${officer.phone.replace(/[^\d+]/g, "")}`}
        className="text-accent-300 hover:underline"
      >
        {officer.phone}
      </a>
    </>
  );
}

/** /disclosures: the whole research-analyst profile, the use of algorithms, and where complaints go. */
export function DisclosuresPage() {
  const { t } = useTranslation();
  return (
    <RegulatoryPage
      title={t("analyst.disclosures.title")}
      lead={() => t("analyst.disclosures.lead")}
    >
      {(profile) => (
        <div className="space-y-10">
          <section aria-labelledby="disclosures-registration">
            <h2 id="disclosures-registration" className="text-xl font-semibold text-white">
              {t("analyst.disclosures.registration")}
            </h2>
            <dl className="mt-3">
              <Row label={t("analyst.disclosures.registeredName")}>{profile.registeredName}</Row>
              <Row label={t("analyst.disclosures.registrationNumber")}>
                <span className="font-mono">{profile.registrationNumber}</span>
              </Row>
              <Row label={t("analyst.disclosures.validity")}>
                {profile.validTo
                  ? t("analyst.disclosures.validFromTo", {
                      from: formatDayKey(profile.validFrom),
                      to: formatDayKey(profile.validTo),
                    })
                  : t("analyst.disclosures.validFrom", { from: formatDayKey(profile.validFrom) })}
              </Row>
              <Row label={t("analyst.disclosures.raasb")}>
                <span className="font-mono">{profile.raasbEnlistment}</span>
              </Row>
              <Row label={t("analyst.disclosures.address")}>
                <span className="whitespace-pre-line">{profile.correspondenceAddress}</span>
              </Row>
            </dl>
            <p className="mt-4 rounded-xl border border-amber-300/20 bg-amber-300/5 p-4 text-sm text-amber-100">
              {RA_REGISTRATION_STATEMENT}
            </p>
          </section>

          <section aria-labelledby="disclosures-officers">
            <h2 id="disclosures-officers" className="text-xl font-semibold text-white">
              {t("analyst.disclosures.officers")}
            </h2>
            <dl className="mt-3">
              <Row label={t("analyst.disclosures.principalOfficer")}>
                <OfficerDetails officer={profile.principalOfficer} />
              </Row>
              <Row label={t("analyst.disclosures.complianceOfficer")}>
                <OfficerDetails officer={profile.complianceOfficer} />
              </Row>
              <Row label={t("analyst.disclosures.grievanceOfficer")}>
                <OfficerDetails officer={profile.grievanceOfficer} />
              </Row>
            </dl>
          </section>

          <section aria-labelledby="disclosures-performance">
            <h2 id="disclosures-performance" className="text-xl font-semibold text-white">
              {t("analyst.disclosures.pastPerformance")}
            </h2>
            <p className="mt-3">
              {profile.parrvaVerified
                ? t("analyst.disclosures.parrvaVerified")
                : t("analyst.disclosures.parrvaNotVerified")}
            </p>
          </section>

          <section aria-labelledby="disclosures-ai">
            <h2 id="disclosures-ai" className="text-xl font-semibold text-white">
              {t("analyst.disclosures.aiUse")}
            </h2>
            <p className="mt-3">{t("analyst.disclosures.aiUseBody")}</p>
          </section>

          <section aria-labelledby="disclosures-complaints">
            <h2 id="disclosures-complaints" className="text-xl font-semibold text-white">
              {t("analyst.disclosures.complaintsHeading")}
            </h2>
            <p className="mt-3">{t("analyst.disclosures.complaintsBody")}</p>
            <div className="mt-4">
              <GrievanceLinks scores={SCORES_URL} odr={ODR_URL} />
            </div>
          </section>

          <nav aria-labelledby="disclosures-see-also">
            <h2 id="disclosures-see-also" className="text-sm font-semibold text-ink-300">
              {t("analyst.disclosures.seeAlso")}
            </h2>
            <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {REGULATORY_LINKS.filter((link) => link.to !== "/disclosures").map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-accent-300 hover:underline">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </RegulatoryPage>
  );
}

import "@/features/research-analyst/i18n/en";
