import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** One labelled figure of a console panel (a `<dt>`/`<dd>` pair; its parent is the `<dl>`). */
export function Figure({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="mt-0.5 font-mono font-medium text-white">{children}</dd>
    </div>
  );
}
