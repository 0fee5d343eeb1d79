import { CheckCircle2 } from "lucide-react";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import { Reveal } from "./reveal";
import { SectionHeading } from "./section-heading";
import "@/features/landing/i18n/lower-en";

const ITEMS = ["transparent", "rules", "experience", "education", "honest", "support"] as const;

export function WhyChoose() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-why" className="bg-ink-900/40 py-14 sm:py-20">
      <Container>
        <SectionHeading
          id="landing-why"
          eyebrow={t("landingLower.whyChoose.eyebrow")}
          heading={t("landingLower.whyChoose.heading")}
        />
        <Reveal>
          <ul className="mx-auto mt-10 grid max-w-4xl gap-4 sm:grid-cols-2">
            {ITEMS.map((key) => (
              <li
                key={key}
                className="flex gap-3 rounded-xl border border-white/5 bg-ink-950/40 p-4 text-ink-100"
              >
                <CheckCircle2
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-accent-400"
                />
                <span className="leading-relaxed">{t(`landingLower.whyChoose.items.${key}`)}</span>
              </li>
            ))}
          </ul>
        </Reveal>
      </Container>
    </section>
  );
}
