/** The research analyst's pages, in the order the footer lists them. */
export const REGULATORY_LINKS = [
  { to: "/disclosures", label: "analyst.links.disclosures" },
  { to: "/investor-charter", label: "analyst.links.investorCharter" },
  { to: "/terms-summary", label: "analyst.links.termsSummary" },
  { to: "/complaints", label: "analyst.links.complaints" },
] as const;

import "@/features/research-analyst/i18n/en";
