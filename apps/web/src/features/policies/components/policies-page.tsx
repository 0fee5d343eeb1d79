import { POLICIES_LAST_UPDATED, POLICY_TYPES, type PolicyType } from "@kalpa/contracts/constants";
import { CalendarDays, Languages } from "lucide-react";
import { Link } from "react-router";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useBrandName } from "@/features/site/hooks/use-brand-name";
import { type Registration, useRegistration } from "@/features/site/hooks/use-registration";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { NOT_REGISTERED_STATEMENT, registeredStatement } from "../content/disclaimer";
import { POLICY_DOCUMENTS, withBrand } from "../content/policy-documents";
import { termsWithProfileRefunds } from "../content/terms";
import type { PolicyBlock } from "../content/types";
import { useActiveSection } from "../hooks/use-active-section";
import { PolicyContact } from "./policy-contact";
import { PolicyToc } from "./policy-toc";
import "@/features/policies/i18n/en";

/** A policy's text, with the registration named in place of the spec's "not registered" statement. */
function textOf(text: string, registration: Registration | null): string {
  return registration && text === NOT_REGISTERED_STATEMENT
    ? registeredStatement(registration)
    : text;
}

function Block({
  block,
  brand,
  registration,
}: {
  block: PolicyBlock;
  brand: string;
  registration: Registration | null;
}) {
  switch (block.kind) {
    case "paragraph":
      return <p>{withBrand(textOf(block.text, registration), brand)}</p>;
    case "subheading":
      return <h3 className="pt-2 text-base font-semibold text-white">{block.text}</h3>;
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-5 marker:text-accent-400">
          {block.items.map((item) => (
            <li key={item}>{withBrand(textOf(item, registration), brand)}</li>
          ))}
        </ul>
      );
    case "contact":
      return <PolicyContact />;
  }
}

/** One policy: tabs to the others, its table of contents, and its text. */
export function PoliciesPage({ policy }: { policy: PolicyType }) {
  const { t, language } = useTranslation();
  const brand = useBrandName();
  const registration = useRegistration();
  // With a research-analyst profile, SEBI's refund rule replaces "non-refundable" (decision 033).
  const document =
    policy === "terms" && registration
      ? termsWithProfileRefunds(POLICY_DOCUMENTS.terms)
      : POLICY_DOCUMENTS[policy];
  const sectionIds = document.sections.map((section) => section.id);
  const { active, scrollTo } = useActiveSection(sectionIds);
  const englishOnly = language !== "en";

  function select(id: string) {
    scrollTo(id);
    window.document.getElementById(`${id}-heading`)?.focus({ preventScroll: true });
  }

  return (
    <div className="relative isolate">
      <PageGlow />
      <Container className="py-12 sm:py-16">
        <header className="max-w-3xl">
          <p className="mb-3 text-sm font-semibold tracking-wide text-accent-300 uppercase">
            {t("routes.policies.title")}
          </p>
          <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white text-balance sm:text-4xl">
            {t(`policies.${policy}`)}
          </h1>
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-ink-300">
            <CalendarDays aria-hidden="true" className="size-4 text-accent-400" />
            {t("policyPage.lastUpdated", { date: POLICIES_LAST_UPDATED })}
          </p>
        </header>

        <nav aria-label={t("policies.tabsLabel")} className="mt-8">
          <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:gap-1 sm:border-b sm:border-white/10">
            {POLICY_TYPES.map((type) => {
              const current = type === policy;
              return (
                <li key={type}>
                  <Link
                    to={`/policies/${type}`}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      // Phones: a 2 × 2 grid of tiles, so every policy is in view; wider: underlined tabs.
                      "flex justify-center rounded-lg border px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors motion-reduce:transition-none sm:-mb-px sm:rounded-none sm:border-0 sm:border-b-2 sm:px-4 sm:py-3",
                      current
                        ? "border-accent-400/60 bg-accent-400/10 text-accent-100 sm:border-accent-400 sm:bg-transparent"
                        : "border-white/10 text-ink-300 hover:border-white/30 hover:text-white sm:border-transparent",
                    )}
                  >
                    {t(`policies.${type}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {englishOnly ? (
          <p className="mt-6 inline-flex max-w-3xl items-start gap-2 rounded-lg border border-sky-300/20 bg-sky-300/10 px-3 py-2 text-sm text-sky-100">
            <Languages aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("policyPage.englishOnly")}
          </p>
        ) : null}

        <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14">
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <PolicyToc sections={document.sections} active={active} onSelect={select} />
          </aside>

          <article lang="en" className="min-w-0 max-w-3xl text-base leading-relaxed text-ink-200">
            <div className="space-y-4">
              {document.intro.map((paragraph) => (
                <p key={paragraph} className="text-ink-100">
                  {withBrand(paragraph, brand)}
                </p>
              ))}
            </div>
            {document.sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="mt-12 scroll-mt-[150px] border-t border-white/10 pt-10"
              >
                <h2
                  id={`${section.id}-heading`}
                  tabIndex={-1}
                  className="flex gap-3 text-xl font-semibold tracking-tight text-white focus:outline-none sm:text-2xl"
                >
                  <span aria-hidden="true" className="text-accent-400 tabular-nums">
                    {index + 1}.
                  </span>
                  {section.heading}
                </h2>
                <div className="mt-4 space-y-4">
                  {section.blocks.map((block, blockIndex) => (
                    <Block
                      // Blocks never move: their place in the section is their identity.
                      // biome-ignore lint/suspicious/noArrayIndexKey: static content
                      key={blockIndex}
                      block={block}
                      brand={brand}
                      registration={registration}
                    />
                  ))}
                </div>
              </section>
            ))}
          </article>
        </div>
      </Container>
    </div>
  );
}
