import { DEFAULT_POLICY_TYPE, POLICY_TYPES, type PolicyType } from "@kalpa/contracts/constants";
import { useParams } from "react-router";
import { PoliciesPage } from "@/features/policies/components/policies-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/** Spec: privacy, terms, disclaimer or cookie; anything else, or nothing, means privacy. */
export function normalisePolicyType(value: string | undefined): PolicyType {
  const wanted = value?.toLowerCase();
  return POLICY_TYPES.find((type) => type === wanted) ?? DEFAULT_POLICY_TYPE;
}

export function PoliciesRoute() {
  const { t } = useTranslation();
  const policy = normalisePolicyType(useParams().policyType);

  return (
    <>
      <DocumentTitle title={t(`policies.${policy}`)} />
      <PoliciesPage key={policy} policy={policy} />
    </>
  );
}
