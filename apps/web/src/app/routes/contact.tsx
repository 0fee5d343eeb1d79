import { useTranslation } from "react-i18next";
import { Container } from "@/components/ui/container";
import { ContactSection } from "@/features/contact/components/contact-section";
import { DocumentTitle } from "@/features/site/components/document-title";

export function ContactRoute() {
  const { t } = useTranslation();
  const title = t("routes.contact.title");
  return (
    <>
      <DocumentTitle title={title} />
      <div className="relative isolate">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,rgba(52,211,153,0.14),transparent_65%)]"
        />
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
