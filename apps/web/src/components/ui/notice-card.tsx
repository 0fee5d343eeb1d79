import type { ComponentType, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Container } from "./container";

const TONES = {
  accent: { card: "border-white/10", badge: "bg-accent-400/10 text-accent-300" },
  amber: { card: "border-amber-300/20", badge: "bg-amber-300/10 text-amber-300" },
} as const;

/**
 * A page that stands in for another and says why, in one centred card: an icon, the heading, the message
 * (an alert when it reports a refusal), an optional note and the ways on. The access guard's screens use it
 * (Authentication Required, Contribution Required, the agreement still to accept, the operator-only console).
 */
export function NoticeCard({
  icon: Icon,
  tone = "accent",
  title,
  message,
  alert = false,
  note,
  children,
}: {
  icon?: ComponentType<{ className?: string; "aria-hidden"?: "true" }>;
  tone?: keyof typeof TONES;
  title: string;
  message: string;
  /** Announce the message at once (a refusal the visitor did not expect). */
  alert?: boolean;
  note?: ReactNode;
  /** The actions: links and buttons, side by side from the small breakpoint up. */
  children: ReactNode;
}) {
  return (
    <Container className="py-16 sm:py-24">
      <div
        className={cn(
          "mx-auto max-w-md rounded-2xl border bg-ink-900/70 p-6 text-center shadow-2xl shadow-black/40 sm:p-8",
          TONES[tone].card,
        )}
      >
        {Icon ? (
          <span
            className={cn(
              "mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-full",
              TONES[tone].badge,
            )}
          >
            <Icon aria-hidden="true" className="size-6" />
          </span>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight text-white">{title}</h1>
        <p role={alert ? "alert" : undefined} className="mt-2 text-ink-200">
          {message}
        </p>
        {note}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">{children}</div>
      </div>
    </Container>
  );
}
