import type { SiteInfo } from "@kalpa/contracts/api/site";
import { FileText } from "lucide-react";
import { lazy, Suspense } from "react";
import { useDeferredDialog } from "@/hooks/use-deferred-dialog";
import { useTranslation } from "@/i18n";
import "@/features/landing/i18n/en";

const loadRdaDialog = () => import("./rda-dialog");
const RdaDialog = lazy(() => loadRdaDialog().then((module) => ({ default: module.RdaDialog })));

/** The floating RDA button; its modal (see RdaDialog) loads with the first press. */
export function RdaButton({ operator }: { operator: SiteInfo["operator"] | null }) {
  const { t } = useTranslation();
  const { wanted, dialogProps, triggerProps } = useDeferredDialog(loadRdaDialog);
  return (
    <>
      <button
        {...triggerProps}
        aria-label={`${t("landing.rda.buttonLabel")} (${t("landing.rda.short")})`}
        className="fixed right-4 bottom-4 z-40 inline-flex h-12 items-center gap-2 rounded-full border border-accent-300/40 bg-accent-400 px-4 text-sm font-semibold text-ink-950 shadow-lg shadow-black/40 transition-colors hover:bg-accent-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:right-6 sm:bottom-6"
      >
        <FileText aria-hidden="true" className="size-5" />
        {t("landing.rda.short")}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <RdaDialog {...dialogProps} operator={operator} />
        </Suspense>
      ) : null}
    </>
  );
}
