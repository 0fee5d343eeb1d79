import { cn } from "@/lib/cn";

/** The brand's logo mark (the same drawing as public/favicon.svg). Decorative: pair it with the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-8 shrink-0", className)}
    >
      <rect width="32" height="32" rx="8" className="fill-ink-800" />
      <rect
        x="0.5"
        y="0.5"
        width="31"
        height="31"
        rx="7.5"
        fill="none"
        className="stroke-white/10"
      />
      <path
        d="M9 22.5 14 16l4 3.5 5.5-8"
        fill="none"
        className="stroke-accent-400"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23.5" cy="11.5" r="2" className="fill-accent-400" />
    </svg>
  );
}
