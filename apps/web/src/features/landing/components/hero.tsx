import { BadgeCheck, Clock, NotebookPen } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/landing/i18n/en";

/** A decorative price line behind the hero; it drifts away once the page passes half a viewport. */
function HeroBackdrop({ scrolled }: { scrolled: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-testid="hero-backdrop"
      data-scrolled={scrolled}
      className={cn(
        "pointer-events-none absolute inset-0 overflow-hidden motion-safe:transition-[opacity,translate] motion-safe:duration-700",
        scrolled && "motion-safe:-translate-y-10 motion-safe:opacity-30",
      )}
    >
      <div
        className="absolute inset-0"
        style={{
          background: "radial-gradient(70% 60% at 30% 0%, rgb(16 185 129 / 0.13), transparent 70%)",
        }}
      />
      <svg
        aria-hidden="true"
        className="absolute right-0 bottom-0 h-64 w-full max-w-3xl text-accent-400/25"
        viewBox="0 0 800 260"
        preserveAspectRatio="none"
        fill="none"
      >
        <path
          d="M0 220 L80 200 L140 210 L210 160 L280 175 L350 120 L420 140 L480 90 L560 110 L630 60 L700 80 L800 30"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path
          d="M0 220 L80 200 L140 210 L210 160 L280 175 L350 120 L420 140 L480 90 L560 110 L630 60 L700 80 L800 30 L800 260 L0 260 Z"
          fill="currentColor"
          opacity="0.25"
        />
      </svg>
    </div>
  );
}

export function Hero({ target, scrolled }: { target: string; scrolled: boolean }) {
  const { t } = useTranslation();
  const points = [
    { icon: BadgeCheck, text: t("landing.hero.points.simulated") },
    { icon: NotebookPen, text: t("landing.hero.points.journal") },
    { icon: Clock, text: t("landing.hero.points.support") },
  ];
  return (
    <section aria-labelledby="landing-title" className="relative isolate">
      <HeroBackdrop scrolled={scrolled} />
      <Container className="relative py-16 sm:py-24 lg:py-28">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-400/10 px-3 py-1 text-xs font-medium text-accent-300 sm:text-sm">
            {t("landing.hero.eyebrow")}
          </p>
          <h1
            id="landing-title"
            className="mt-5 text-3xl leading-tight font-semibold tracking-tight text-balance text-white sm:text-5xl"
          >
            {t("landing.hero.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-base leading-relaxed text-ink-200 sm:text-lg">
            {t("landing.hero.lead")}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={target} className={buttonStyles({ className: "sm:px-7" })}>
              {t("landing.hero.primary")}
            </Link>
            <Link to="/pricing" className={buttonStyles({ variant: "secondary" })}>
              {t("landing.hero.secondary")}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-300">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="inline-flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-accent-400" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}
