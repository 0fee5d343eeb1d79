import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { useDeferredDialog } from "@/hooks/use-deferred-dialog";
import { FaqContext } from "../utils/faq-context";

// The modal and its thirteen answers in both languages load when the FAQ is first opened.
const FaqDialog = lazy(() =>
  import("./faq-dialog").then((module) => ({ default: module.FaqDialog })),
);

/** Holds the FAQ modal for the whole site and gives `openFaq()` to everything beneath it (see useFaq). */
export function FaqProvider({ brandName, children }: { brandName: string; children: ReactNode }) {
  const { wanted, show, dialogProps } = useDeferredDialog();
  const controls = useMemo(() => ({ openFaq: show }), [show]);
  return (
    <FaqContext.Provider value={controls}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <FaqDialog {...dialogProps} brandName={brandName} />
        </Suspense>
      ) : null}
    </FaqContext.Provider>
  );
}
