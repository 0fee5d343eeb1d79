import { type ReactNode, useMemo, useRef, useState } from "react";
import { FaqContext } from "../utils/faq-context";
import { FaqDialog } from "./faq-dialog";

/** Holds the FAQ modal for the whole site and gives `openFaq()` to everything beneath it (see useFaq). */
export function FaqProvider({ brandName, children }: { brandName: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Whatever had focus when the FAQ was opened gets it back on close.
  const openerRef = useRef<HTMLElement | null>(null);
  const controls = useMemo(
    () => ({
      openFaq: () => {
        openerRef.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <FaqContext.Provider value={controls}>
      {children}
      <FaqDialog
        open={open}
        onOpenChange={setOpen}
        brandName={brandName}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current?.focus();
        }}
      />
    </FaqContext.Provider>
  );
}
