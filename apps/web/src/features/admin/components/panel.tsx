import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A titled block of the console. */
export function Panel({
  id,
  title,
  lead,
  className,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-2xl border border-white/10 bg-ink-900/70 p-4 sm:p-6", className)}
    >
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-ink-300">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
