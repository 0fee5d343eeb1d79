/**
 * The dashboard's main-area sections (spec section 2) and the `?section=` value that names each, so the
 * section survives a reload and Back returns to the previous one. Home has no parameter.
 */
export const DASHBOARD_SECTIONS = [
  "home",
  "trading-services",
  "forecasting",
  "paper-trade",
  "contact",
  "settings",
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

export const SECTION_PARAM = "section";

export function parseSection(value: string | null): DashboardSection {
  return DASHBOARD_SECTIONS.find((section) => section === value) ?? "home";
}

/** The link to a section, relative to /dashboard. */
export function sectionHref(section: DashboardSection): string {
  return section === "home" ? "/dashboard" : `/dashboard?${SECTION_PARAM}=${section}`;
}
