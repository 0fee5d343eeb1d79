import type { ReactNode } from "react";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";

/** The framed column the sign-in, sign-up and logout screens sit in. */
export function AuthCard({
  title,
  subtitle,
  header,
  children,
  footer,
}: {
  /** The page's h1 and the line under it; or `header` for a heading of the page's own. */
  title?: string;
  subtitle?: string;
  header?: ReactNode;
  children: ReactNode;
  /** Below the card (links to the other screen). */
  footer?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden">
      <PageGlow />
      <Container className="flex justify-center py-10 sm:py-16">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-white/10 bg-ink-900/70 p-5 shadow-2xl shadow-black/40 backdrop-blur sm:p-8">
            {header ?? (
              <>
                <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">
                  {title}
                </h1>
                {subtitle ? (
                  <p className="mt-2 text-sm text-ink-300 sm:text-base">{subtitle}</p>
                ) : null}
              </>
            )}
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-6 text-center text-sm text-ink-300">{footer}</div> : null}
        </div>
      </Container>
    </div>
  );
}
