/**
 * A model version as people read it: 12 hex digits for a model's own signals, or one of the two
 * names that are not a model's (the operator's manual signals, and signals stored before versions were
 * recorded). The live card and the journal link a version to its model's card.
 */
import { MODEL_SLUGS } from "@kalpa/contracts/api/models";
import type { ModelId } from "@kalpa/contracts/names";
import type { Translate } from "@/i18n";
import "@/features/models/i18n/version-en";

/** The model card's page. */
export function modelCardPath(model: ModelId): string {
  return `/models/${MODEL_SLUGS[model]}`;
}

/** "Model version 0d00174f58f9", "Manual signal from the operator", ... */
export function versionLabel(t: Translate, version: string): string {
  if (version === "manual") return t("modelVersion.manual");
  if (version === "before-versions") return t("modelVersion.before");
  return t("modelVersion.model", { version });
}

/** The short form beside a journal row: "v 0d00174f58f9", "manual", "before versions". */
export function versionShort(t: Translate, version: string): string {
  if (version === "manual") return t("modelVersion.manualShort");
  if (version === "before-versions") return t("modelVersion.beforeShort");
  return t("modelVersion.short", { version });
}
