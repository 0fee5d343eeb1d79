import { FOUNDER_EXPERIENCE_YEARS } from "@kalpa/contracts/constants";
import { BadgeCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { KnowledgeHub } from "./knowledge-hub";
import "@/features/dashboard/i18n/en";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";

const TRUST_ITEMS = ["experience", "journal", "support", "educational", "moneyBack"] as const;

/**
 * The dashboard's home section (spec sections 1 and 2): the greeting, the live market cards, the Trading
 * Knowledge Hub (desktop only), About Us (mobile only) and the trust list as the spec shows it, with both
 * the money-back line and the non-refundable statement (docs/decisions/005-trust-list-refund-conflict.md).
 */
export function DashboardHome({
  name,
  brandName,
  markets,
}: {
  name: string;
  brandName: string;
  /** The live market cards (MarketCards with their data, composed by the route). */
  markets: ReactNode;
}) {
  const { t } = useTranslation();
  // With a research-analyst profile, SEBI's refund rule replaces "non-refundable" (decision 033).
  const withProfile = Boolean(useResearchAnalyst().data?.profile);
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">
          {t("dashboardPage.welcome", { name })}
        </h1>
        <p className="mt-2 max-w-2xl text-ink-300">{t("dashboardPage.lead")}</p>
      </header>

      {markets}

      <KnowledgeHub className="hidden lg:block" />

      <section
        aria-labelledby="about-heading"
        className="rounded-2xl border border-white/10 bg-ink-900/70 p-5 lg:hidden"
      >
        <h2 id="about-heading" className="text-lg font-semibold text-white">
          {t("dashboardPage.about.heading")}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-ink-200">
          {t("dashboardPage.about.body", { brand: brandName, years: FOUNDER_EXPERIENCE_YEARS })}
        </p>
      </section>

      <section aria-labelledby="trust-heading">
        <h2 id="trust-heading" className="text-lg font-semibold text-white">
          {t("dashboardPage.trust.heading")}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {TRUST_ITEMS.map((item) => (
            <li
              key={item}
              className="flex items-start gap-3 rounded-xl border border-white/5 bg-white/[0.03] p-4 text-sm text-ink-100"
            >
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-400" />
              {t(`dashboardPage.trust.${item}`, { years: FOUNDER_EXPERIENCE_YEARS })}
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-start gap-3 rounded-xl border border-amber-300/20 bg-amber-300/5 p-4 text-sm text-ink-100">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
          {t(withProfile ? "dashboardPage.trust.refundable" : "dashboardPage.trust.nonRefundable")}
        </p>
      </section>
    </div>
  );
}
