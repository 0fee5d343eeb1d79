import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/** A centred modal panel with a title, an optional description and a close button (Radix dialog). */
export function DialogContent({
  title,
  description,
  className,
  children,
  onCloseAutoFocus,
}: {
  title: string;
  description?: string;
  /** Extra classes; a width here (`max-w-2xl` for a document to read) replaces the default `max-w-md`. */
  className?: string;
  children: ReactNode;
  /** Where focus goes on close when the dialog was opened without a DialogTrigger (call preventDefault). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm" />
      <RadixDialog.Content
        // Without a description, say so (Radix otherwise points aria-describedby at a missing element).
        {...(description ? {} : { "aria-describedby": undefined })}
        onCloseAutoFocus={onCloseAutoFocus}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-ink-900 p-5 shadow-2xl shadow-black/50 focus:outline-none sm:p-7 max-w-md",
          className,
        )}
      >
        <RadixDialog.Title className="pr-10 text-xl font-semibold tracking-tight text-white">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1.5 text-sm text-ink-300">
            {description}
          </RadixDialog.Description>
        ) : null}
        <div className="mt-5">{children}</div>
        {/* Last in the DOM, so opening the dialog focuses its content rather than this button. */}
        <RadixDialog.Close
          aria-label={t("common.close")}
          className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-lg text-ink-300 transition-colors hover:bg-white/5 hover:text-white sm:top-6 sm:right-6"
        >
          <X aria-hidden="true" className="size-5" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
