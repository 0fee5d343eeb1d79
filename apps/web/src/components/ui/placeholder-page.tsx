import { Hammer } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "@/i18n";
import { Container } from "./container";
import { PageGlow } from "./page-glow";

interface PlaceholderPageProps {
  heading: string;
  summary: string;
  /** A small label above the heading, e.g. the section a page belongs to. */
  eyebrow?: string;
  /** A line above the heading in the page's own voice, e.g. a greeting. */
  lead?: string;
  /** Real content to show beneath the summary (links, tabs). */
  children?: ReactNode;
}

/** A page that is named and described but not built yet: says so plainly, shows nothing fake. */
export function PlaceholderPage({
  heading,
  summary,
  eyebrow,
  lead,
  children,
}: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <div className="relative isolate overflow-hidden">
      <PageGlow />
      <Container className="py-14 sm:py-20 lg:py-24">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="mb-3 text-sm font-semibold tracking-wide text-accent-300 uppercase">
              {eyebrow}
            </p>
          ) : null}
          {lead ? (
            <p className="mb-2 text-xl font-medium text-accent-200 text-balance sm:text-2xl">
              {lead}
            </p>
          ) : null}
          <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white text-balance sm:text-4xl lg:text-5xl">
            {heading}
          </h1>
          <p className="mt-5 text-base leading-relaxed text-ink-200 text-pretty sm:text-lg">
            {summary}
          </p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-amber-300/25 bg-amber-300/10 px-3 py-1 text-xs font-medium text-amber-200">
            <Hammer aria-hidden="true" className="size-3.5" />
            {t("common.inDevelopment")}
          </p>
          {children ? <div className="mt-10">{children}</div> : null}
        </div>
      </Container>
    </div>
  );
}
