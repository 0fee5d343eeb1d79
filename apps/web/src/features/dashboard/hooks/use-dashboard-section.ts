import { useSearchParams } from "react-router";
import { type DashboardSection, parseSection, SECTION_PARAM } from "../utils/sections";

/** The section named in the URL (`?section=`), so a reload keeps it and Back returns to the last one. */
export function useDashboardSection(): DashboardSection {
  const [params] = useSearchParams();
  return parseSection(params.get(SECTION_PARAM));
}
