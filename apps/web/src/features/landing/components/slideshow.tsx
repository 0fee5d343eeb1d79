import { SLIDE_COUNT } from "@kalpa/contracts/constants";
import {
  BookOpenCheck,
  ChevronLeft,
  ChevronRight,
  GraduationCap,
  LineChart,
  type LucideIcon,
  Radar,
} from "lucide-react";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { SLIDE_TRANSITION_MS, useSlideshow } from "../hooks/use-slideshow";
import "@/features/landing/i18n/lower-en";

const SLIDES: ReadonlyArray<{
  key: "signals" | "journal" | "forecasts" | "learn";
  icon: LucideIcon;
  tint: string;
}> = [
  { key: "signals", icon: Radar, tint: "from-accent-500/25" },
  { key: "journal", icon: BookOpenCheck, tint: "from-sky-500/25" },
  { key: "forecasts", icon: LineChart, tint: "from-amber-500/20" },
  { key: "learn", icon: GraduationCap, tint: "from-violet-500/25" },
];
if (SLIDES.length !== SLIDE_COUNT) throw new Error("The home slideshow has SLIDE_COUNT slides");

const navButton =
  "inline-flex size-11 items-center justify-center rounded-full border border-white/15 bg-ink-950/60 text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";

/**
 * The four-slide home slideshow (spec sections 2, 4, 9): auto-advance, previous/next, indicators, pause
 * while a mouse is over it, resume 4000 ms after a click, input locked while a change animates.
 */
export function Slideshow() {
  const { t } = useTranslation();
  const show = useSlideshow(SLIDES.length);
  return (
    <div className="py-14 sm:py-20">
      <Container>
        <h2 id="landing-slideshow" className="sr-only">
          {t("landingLower.slideshow.label")}
        </h2>
        <section
          aria-roledescription={t("landingLower.slideshow.roleCarousel")}
          aria-labelledby="landing-slideshow"
          data-playing={show.playing}
          data-transitioning={show.transitioning}
          className="relative overflow-hidden rounded-3xl border border-white/10 bg-ink-900"
          {...show.pauseHandlers}
        >
          <div
            className="grid"
            aria-live={show.playing ? "off" : "polite"}
            style={{ ["--slide-ms" as string]: `${SLIDE_TRANSITION_MS}ms` }}
          >
            {SLIDES.map(({ key, icon: Icon, tint }, position) => {
              const current = position === show.index;
              return (
                // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern's slide is a group
                <div
                  key={key}
                  role="group"
                  aria-roledescription={t("landingLower.slideshow.roleSlide")}
                  aria-label={t("landingLower.slideshow.position", {
                    number: position + 1,
                    count: SLIDES.length,
                  })}
                  aria-hidden={!current}
                  inert={!current}
                  data-current={current}
                  className={cn(
                    "[grid-area:1/1] bg-gradient-to-br to-transparent px-6 pt-10 pb-24 sm:px-16 sm:pt-14 sm:pb-28",
                    "motion-safe:transition-[opacity,translate] motion-safe:duration-(--slide-ms) motion-safe:ease-out",
                    tint,
                    current ? "opacity-100" : "opacity-0 motion-safe:translate-x-8",
                  )}
                >
                  <Icon aria-hidden="true" className="size-10 text-white/80" />
                  <h3 className="mt-5 max-w-xl text-2xl font-semibold tracking-tight text-white sm:text-3xl">
                    {t(`landingLower.slideshow.slides.${key}.title`)}
                  </h3>
                  <p className="mt-3 max-w-xl leading-relaxed text-ink-200">
                    {t(`landingLower.slideshow.slides.${key}.body`)}
                  </p>
                </div>
              );
            })}
          </div>
          <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-4 px-4 pb-5 sm:px-8 sm:pb-7">
            <button
              type="button"
              aria-label={t("landingLower.slideshow.previous")}
              className={navButton}
              onClick={show.previous}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <div className="flex items-center gap-1">
              {SLIDES.map(({ key }, position) => (
                <button
                  key={key}
                  type="button"
                  aria-label={t("landingLower.slideshow.goTo", { number: position + 1 })}
                  aria-current={position === show.index ? "true" : undefined}
                  onClick={() => show.goTo(position)}
                  className="group inline-flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-400"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "block h-2 rounded-full transition-all",
                      position === show.index
                        ? "w-6 bg-accent-400"
                        : "w-2 bg-white/40 group-hover:bg-white/70",
                    )}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              aria-label={t("landingLower.slideshow.next")}
              className={navButton}
              onClick={show.next}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </section>
      </Container>
    </div>
  );
}
