import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/policies/i18n/en";

interface PolicyTocProps {
  sections: ReadonlyArray<{ id: string; heading: string }>;
  active: string | undefined;
  onSelect: (id: string) => void;
}

/** Quick navigation: one link per section; the section scrolled to is marked current. */
export function PolicyToc({ sections, active, onSelect }: PolicyTocProps) {
  const { t } = useTranslation();
  return (
    <nav
      aria-labelledby="policy-toc-heading"
      className="rounded-xl border border-white/10 bg-ink-900/60 p-4 lg:border-0 lg:bg-transparent lg:p-0"
    >
      <p
        id="policy-toc-heading"
        className="mb-3 text-xs font-semibold tracking-wide text-ink-300 uppercase"
      >
        {t("policyPage.onThisPage")}
      </p>
      <ol className="space-y-1 border-white/10 lg:border-l" lang="en">
        {sections.map((section, index) => {
          const current = section.id === active;
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={current ? "location" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(section.id);
                }}
                className={cn(
                  "-ml-px flex gap-2 rounded-md border-l-2 px-3 py-1.5 text-sm leading-snug transition-colors motion-reduce:transition-none",
                  current
                    ? "border-accent-400 bg-accent-400/10 font-medium text-accent-100"
                    : "border-transparent text-ink-300 hover:text-white",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn("tabular-nums", current ? "text-accent-300" : "text-ink-300")}
                >
                  {index + 1}.
                </span>
                {section.heading}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
