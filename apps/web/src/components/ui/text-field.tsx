import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

/**
 * Class names shared by every text input (inputs, and the OTP field). No `focus:outline-none`: in Tailwind 4
 * it also cancels the focus-visible ring, leaving a focused invalid field with no sign of focus.
 */
export const inputStyles =
  "block w-full rounded-lg border border-white/10 bg-ink-900/80 px-3.5 py-2.5 text-base text-white shadow-inner shadow-black/20 placeholder:text-ink-500 transition-colors hover:border-white/20 focus:border-accent-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-400/60 aria-invalid:border-red-400/70 disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-ink-900/40 sm:text-sm";

interface TextFieldProps extends Omit<ComponentProps<"input">, "aria-invalid"> {
  label: string;
  /** Help text under the input, read out with it. */
  hint?: string;
  /** Marks the input invalid; its message is the element `errorId` names. */
  invalid?: boolean;
  errorId?: string;
  /** Shown inside the input on the right (a status icon). */
  trailing?: ReactNode;
}

/** A labelled text input with optional help text, wired for assistive technology. */
export function TextField({
  label,
  hint,
  invalid = false,
  errorId,
  trailing,
  className,
  id,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink-100">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          {...input}
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          className={cn(inputStyles, trailing ? "pr-10" : undefined)}
        />
        {trailing ? (
          <div className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3">
            {trailing}
          </div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-ink-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
