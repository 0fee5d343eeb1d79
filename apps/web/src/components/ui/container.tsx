import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The page's content column: full width on phones, capped and centred on wide screens. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8", className)}>{children}</div>
  );
}
