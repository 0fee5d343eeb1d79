import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import { Reveal } from "./reveal";
import "@/features/landing/i18n/lower-en";

export function CallToAction({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-cta" className="py-14 sm:py-20">
      <Container>
        <Reveal>
          <div className="relative overflow-hidden rounded-3xl border border-accent-400/20 bg-gradient-to-br from-accent-500/15 via-ink-900 to-ink-900 px-6 py-12 text-center sm:px-12">
            <h2
              id="landing-cta"
              className="text-2xl font-semibold tracking-tight text-white sm:text-3xl"
            >
              {t("landingLower.cta.heading")}
            </h2>
            <p className="mx-auto mt-3 max-w-2xl leading-relaxed text-ink-200">
              {t("landingLower.cta.body")}
            </p>
            <Link to={target} className={buttonStyles({ className: "mt-8 sm:px-8" })}>
              {t("landingLower.cta.button")}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </Reveal>
      </Container>
    </section>
  );
}
