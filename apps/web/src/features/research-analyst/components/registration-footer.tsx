import {
  RA_REGISTRATION_STATEMENT,
  type ResearchAnalystProfile,
} from "@kalpa/contracts/api/research-analyst";
import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { REGULATORY_LINKS } from "./regulatory-links";
import "@/features/research-analyst/i18n/en";

/**
 * The footer's registration block, with the operator's research-analyst profile: the registered name, the
 * registration number and its validity, the grievance officer's contact, SEBI's statement that registration
 * guarantees nothing, the links to the regulatory pages, and the disclaimer that fits a registered analyst
 * (in place of the spec's, which says there is no registration).
 */
export function RegistrationFooter({ profile }: { profile: ResearchAnalystProfile }) {
  const { t } = useTranslation();
  const grievance = profile.grievanceOfficer;
  return (
    <section
      aria-labelledby="footer-registration"
      data-testid="footer-registration"
      className="mt-8 rounded-xl border border-white/10 bg-white/[0.02] p-4 text-xs leading-relaxed text-ink-300 sm:p-5"
    >
      <h2 id="footer-registration" className="text-sm font-semibold text-white">
        {t("analyst.footer.heading")}
      </h2>
      <p className="mt-2 text-ink-100">
        {t("analyst.footer.registered", { name: profile.registeredName })}
        {" · "}
        <span className="font-mono">
          {t("analyst.footer.registration", { number: profile.registrationNumber })}
        </span>
        {" · "}
        {profile.validTo
          ? t("analyst.footer.validFromTo", {
              from: formatDayKey(profile.validFrom),
              to: formatDayKey(profile.validTo),
            })
          : t("analyst.footer.validFrom", { from: formatDayKey(profile.validFrom) })}
      </p>
      <p className="mt-1">
        {t("analyst.footer.grievance", {
          name: grievance.name,
          email: grievance.email,
          phone: grievance.phone,
        })}
      </p>
      <p className="mt-2">{RA_REGISTRATION_STATEMENT}</p>
      <nav aria-label={t("analyst.footer.links")} className="mt-3">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {REGULATORY_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="rounded text-ink-200 transition-colors hover:text-white"
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-ink-300">{t("analyst.footer.disclaimer")}</p>
    </section>
  );
}
