import { ODR_URL, SCORES_URL } from "@kalpa/contracts/api/research-analyst";
import { useTranslation } from "@/i18n";
import { INVESTOR_CHARTER } from "../content/investor-charter";
import { GrievanceLinks, profileValues, RegulatoryPage, Sections } from "./regulatory-page";

/** /investor-charter: the substance of SEBI's investor charter for research analysts. */
export function InvestorCharterPage() {
  const { t } = useTranslation();
  return (
    <RegulatoryPage title={t("analyst.charter.title")} lead={() => t("analyst.charter.lead")}>
      {(profile) => (
        <>
          <Sections sections={INVESTOR_CHARTER} values={profileValues(profile)} />
          <div className="mt-8">
            <GrievanceLinks scores={SCORES_URL} odr={ODR_URL} />
          </div>
        </>
      )}
    </RegulatoryPage>
  );
}

import "@/features/research-analyst/i18n/en";
