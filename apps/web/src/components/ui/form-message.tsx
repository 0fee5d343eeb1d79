import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type Tone = "error" | "success" | "info";

const TONES: Record<Tone, string> = {
  error: "border-red-400/30 bg-red-400/10 text-red-100",
  success: "border-accent-400/30 bg-accent-400/10 text-accent-200",
  info: "border-sky-300/25 bg-sky-300/10 text-sky-100",
};

const ICONS = { error: CircleAlert, success: CircleCheck, info: Info } as const;

const ICON_TONES: Record<Tone, string> = {
  error: "text-red-300",
  success: "text-accent-300",
  info: "text-sky-300",
};

/**
 * A message about a form or an action. Errors are alerts (announced at once); success and information are
 * status messages unless `role` says otherwise.
 */
export function FormMessage({
  tone,
  id,
  role,
  className,
  children,
}: {
  tone: Tone;
  id?: string;
  role?: "alert" | "status";
  className?: string;
  children: ReactNode;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      id={id}
      role={role ?? (tone === "error" ? "alert" : "status")}
      className={cn(
        "flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-relaxed",
        TONES[tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", ICON_TONES[tone])} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
