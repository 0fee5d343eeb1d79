import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { ContactSection } from "@/features/contact/components/contact-section";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import "@/features/contact/i18n/en";

export function ContactRoute() {
  const { t } = useTranslation();
  const title = t("routes.contact.title");
  return (
    <>
      <DocumentTitle title={title} />
      <div className="relative isolate">
        <PageGlow />
        <Container className="py-14 sm:py-20">
          <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white sm:text-4xl lg:text-5xl">
            {title}
          </h1>
          <p className="mt-5 max-w-2xl text-base leading-relaxed text-ink-200 sm:text-lg">
            {t("contactPage.intro")}
          </p>
          <ContactSection />
        </Container>
      </div>
    </>
  );
}
