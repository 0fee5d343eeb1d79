import { DEFAULT_POLICY_TYPE, POLICY_TYPES, type PolicyType } from "@kalpa/contracts/constants";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { cn } from "@/lib/cn";

/** Spec: privacy, terms, disclaimer or cookie; anything else, or nothing, means privacy. */
export function normalisePolicyType(value: string | undefined): PolicyType {
  const wanted = value?.toLowerCase();
  return POLICY_TYPES.find((type) => type === wanted) ?? DEFAULT_POLICY_TYPE;
}

export function PoliciesRoute() {
  const { t } = useTranslation();
  const policy = normalisePolicyType(useParams().policyType);
  const policyName = t(`policies.${policy}`);

  return (
    <>
      <DocumentTitle title={policyName} />
      <PlaceholderPage
        eyebrow={t("routes.policies.title")}
        heading={policyName}
        summary={t("routes.policies.summary", { policy: policyName })}
      >
        <nav aria-label={t("policies.tabsLabel")}>
          <ul className="flex flex-wrap gap-2">
            {POLICY_TYPES.map((type) => {
              const current = type === policy;
              return (
                <li key={type}>
                  <Link
                    to={`/policies/${type}`}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "inline-flex rounded-full border px-4 py-2 text-sm transition-colors",
                      current
                        ? "border-accent-400/40 bg-accent-400/10 font-medium text-accent-200"
                        : "border-white/10 text-ink-200 hover:border-white/25 hover:text-white",
                    )}
                  >
                    {t(`policies.${type}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </PlaceholderPage>
    </>
  );
}
