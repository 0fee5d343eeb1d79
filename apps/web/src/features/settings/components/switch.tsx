import { cn } from "@/lib/cn";

/**
 * An on/off switch (a button with role="switch"), labelled by the element `labelledBy` names; Space and
 * Enter toggle it as any button.
 */
export function Switch({
  checked,
  onChange,
  labelledBy,
  describedBy,
  disabled = false,
  busy = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "border-accent-400/60 bg-accent-400/80" : "border-white/15 bg-white/10",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-block size-5 rounded-full bg-white shadow transition-transform",
          checked ? "translate-x-6" : "translate-x-1",
          busy && "animate-pulse",
        )}
      />
    </button>
  );
}
