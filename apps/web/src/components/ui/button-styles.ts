import { cn } from "@/lib/cn";

type Variant = "primary" | "secondary" | "danger" | "ghost";
type Size = "sm" | "md";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:pointer-events-none disabled:opacity-50";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-accent-400 text-ink-950 hover:bg-accent-300 shadow-sm shadow-accent-500/20",
  secondary:
    "border border-white/15 bg-white/5 text-ink-50 hover:border-white/25 hover:bg-white/10",
  /** What cannot be undone (behind a confirmation): a quiet red outline. */
  danger:
    "border border-red-400/40 bg-white/5 text-red-100 hover:border-red-400/70 hover:bg-red-400/10",
  ghost: "text-ink-200 hover:bg-white/5 hover:text-white",
};

const SIZES: Record<Size, string> = {
  sm: "h-9 px-3.5 text-sm",
  md: "h-11 px-5 text-sm sm:text-base",
};

/** Class names for anything that should look like a button (buttons and links alike). */
export function buttonStyles({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: Variant;
  size?: Size;
  className?: string;
} = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}
