import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t("notFound.title")} />
      <Container className="py-20 sm:py-28">
        <div className="max-w-xl">
          <p className="font-mono text-sm font-semibold text-accent-300">404</p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
            {t("notFound.title")}
          </h1>
          <p className="mt-4 text-base text-ink-200 sm:text-lg">{t("notFound.body")}</p>
          <Link to="/" className={buttonStyles({ variant: "secondary", className: "mt-8" })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("notFound.backHome")}
          </Link>
        </div>
      </Container>
    </>
  );
}
