import { useCallback, useMemo, useRef, useState } from "react";

/** What a lazily loaded dialog takes from useDeferredDialog. */
export interface DeferredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * For a dialog whose code loads when it is first opened: `wanted` turns true at the first `show()` (render
 * the lazy dialog from then on), and `dialogProps` control it and give focus back on close to whatever
 * opened it, as a Radix trigger would. `triggerProps` make a button open it, and start loading its code
 * (`preload`) as the pointer or focus reaches the button, so it opens without a wait.
 */
export function useDeferredDialog(preload?: () => unknown) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);
  const show = useCallback(() => {
    openerRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setWanted(true);
    setOpen(true);
  }, []);
  const dialogProps = useMemo<DeferredDialogProps>(
    () => ({
      open,
      onOpenChange: setOpen,
      onCloseAutoFocus: (event) => {
        event.preventDefault();
        openerRef.current?.focus();
      },
    }),
    [open],
  );
  const triggerProps = useMemo(() => {
    const warmUp = () => void preload?.();
    return {
      type: "button",
      "aria-haspopup": "dialog",
      onClick: show,
      onPointerEnter: warmUp,
      onFocus: warmUp,
    } as const;
  }, [preload, show]);
  return { wanted, show, dialogProps, triggerProps };
}
