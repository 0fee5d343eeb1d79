import { Clock } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "@/i18n";
import "@/features/dashboard/i18n/en";

/**
 * A section whose data arrives with a later issue (forecasts, the paper-trade journal): a clear notice of
 * what will be here, and never an invented figure.
 */
export function ComingSoonSection({
  heading,
  body,
  children,
}: {
  heading: string;
  body: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="coming-soon-heading">
      <h1 id="coming-soon-heading" className="text-2xl font-semibold tracking-tight text-white">
        {heading}
      </h1>
      <div className="mt-6 rounded-2xl border border-dashed border-white/15 bg-ink-900/60 p-6 sm:p-8">
        <span className="inline-flex items-center gap-2 rounded-full bg-accent-400/10 px-3 py-1 text-sm font-medium text-accent-300">
          <Clock aria-hidden="true" className="size-4" />
          {t("dashboardPage.comingSoon")}
        </span>
        <p className="mt-4 max-w-2xl leading-relaxed text-ink-200">{body}</p>
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </section>
  );
}
