import { LoaderCircle } from "lucide-react";
import { useTranslation } from "@/i18n";

/** Shown in the main area while a page's code is on its way. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-ink-300">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
      <span>{t("common.loading")}</span>
    </div>
  );
}
