import {
  BookOpenCheck,
  CandlestickChart,
  LayoutDashboard,
  type LucideIcon,
  Radar,
} from "lucide-react";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import { Reveal } from "./reveal";
import { SectionHeading } from "./section-heading";
import "@/features/landing/i18n/lower-en";

const FEATURES: ReadonlyArray<{
  key: "signals" | "journal" | "forecasts" | "dashboard";
  icon: LucideIcon;
}> = [
  { key: "signals", icon: Radar },
  { key: "journal", icon: BookOpenCheck },
  { key: "forecasts", icon: CandlestickChart },
  { key: "dashboard", icon: LayoutDashboard },
];

export function FeatureCards() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-features" className="py-14 sm:py-20">
      <Container>
        <SectionHeading
          id="landing-features"
          eyebrow={t("landingLower.features.eyebrow")}
          heading={t("landingLower.features.heading")}
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, icon: Icon }, position) => (
            <li key={key}>
              <Reveal delayMs={position * 80} className="h-full">
                <div className="h-full rounded-2xl border border-white/10 bg-ink-900/70 p-6">
                  <Icon aria-hidden="true" className="size-7 text-accent-400" />
                  <h3 className="mt-4 text-lg font-semibold text-white">
                    {t(`landingLower.features.${key}.title`)}
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-ink-300">
                    {t(`landingLower.features.${key}.body`)}
                  </p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
