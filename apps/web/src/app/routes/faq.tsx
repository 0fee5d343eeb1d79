import { CircleHelp } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useFaq } from "@/features/faq/hooks/use-faq";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useBrandName } from "@/features/site/hooks/use-brand-name";
import { useTranslation } from "@/i18n";
import "@/features/faq/i18n/en";

/**
 * /faq, the spec's "bare FAQ heading page": the heading, one line on what the FAQ covers, and a button that
 * opens the same FAQ modal the navigation bar opens (the questions live in one place, the modal).
 */
export function FaqRoute() {
  const { t } = useTranslation();
  const { openFaq } = useFaq();
  const brand = useBrandName();
  const title = t("routes.faq.title");
  return (
    <div className="relative isolate overflow-hidden">
      <DocumentTitle title={title} />
      <PageGlow />
      <Container className="py-14 sm:py-20 lg:py-24">
        <div className="max-w-3xl">
          <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white text-balance sm:text-4xl lg:text-5xl">
            {title}
          </h1>
          <p className="mt-5 text-base leading-relaxed text-ink-200 text-pretty sm:text-lg">
            {t("faq.pageLead", { brand })}
          </p>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={openFaq}
            className={buttonStyles({ className: "mt-8" })}
          >
            <CircleHelp aria-hidden="true" className="size-4" />
            {t("faq.open")}
          </button>
        </div>
      </Container>
    </div>
  );
}
