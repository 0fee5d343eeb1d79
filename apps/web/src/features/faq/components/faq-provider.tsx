import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from "react";
import { FaqContext } from "../utils/faq-context";

// The modal and its thirteen answers in both languages load when the FAQ is first opened.
const FaqDialog = lazy(() =>
  import("./faq-dialog").then((module) => ({ default: module.FaqDialog })),
);

/** Holds the FAQ modal for the whole site and gives `openFaq()` to everything beneath it (see useFaq). */
export function FaqProvider({ brandName, children }: { brandName: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Whatever had focus when the FAQ was opened gets it back on close.
  const openerRef = useRef<HTMLElement | null>(null);
  const controls = useMemo(
    () => ({
      openFaq: () => {
        openerRef.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setWanted(true);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <FaqContext.Provider value={controls}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <FaqDialog
            open={open}
            onOpenChange={setOpen}
            brandName={brandName}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              openerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </FaqContext.Provider>
  );
}
