/**
 * How a signal's model version is named on the live card and in the journal: small, so the
 * screens that show a version do not load the model cards' strings.
 */
import { addEnglish } from "@/i18n";

export const modelVersionEn = {
  model: "Model version {{version}}",
  manual: "Manual signal from the operator",
  before: "Made before model versions were recorded",
  openCard: "Open the model card",
  short: "v {{version}}",
  manualShort: "manual",
  beforeShort: "before versions",
};

addEnglish({ modelVersion: modelVersionEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    modelVersion: typeof modelVersionEn;
  }
}
