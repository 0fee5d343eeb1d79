import { useRef } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/admin/i18n/en";

/** Asks before a change that takes something away (deactivation, a role change, ending sessions). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  // Opened by a button, not a Radix trigger: focus goes back to that button when it closes.
  const opener = useRef<HTMLElement | null>(null);
  if (open && opener.current === null && document.activeElement instanceof HTMLElement) {
    opener.current = document.activeElement;
  }
  const returnFocus = (event: Event) => {
    event.preventDefault();
    opener.current?.focus();
    opener.current = null;
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={body} onCloseAutoFocus={returnFocus}>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose className={buttonStyles({ variant: "secondary" })}>
            {t("admin.common.cancel")}
          </DialogClose>
          <button
            type="button"
            onClick={() => {
              onConfirm();
              onOpenChange(false);
            }}
            className={cn(
              buttonStyles(),
              "bg-red-400 text-ink-950 shadow-red-500/20 hover:bg-red-300",
            )}
          >
            {confirmLabel}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
