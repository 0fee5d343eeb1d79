import { TICKER_SPEED_PX_PER_SECOND } from "@kalpa/contracts/constants";
import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";
import { useDisclaimerValues } from "@/features/site/hooks/use-disclaimer-values";
import { useTranslation } from "@/i18n";
import type { SignalAnalyst } from "./signal-card";
import "@/features/live/i18n/en";

/**
 * The live screen's disclaimer (naming the brand and where the prices come from; with the operator's
 * research-analyst registration, naming it instead of saying there is none) and its scrolling ticker. The ticker scrolls at the spec's speed (one pass:
 * (content width + container width) / 80 seconds), with CSS, so prefers-reduced-motion stops it (it then
 * wraps in place); screen readers read the disclaimer once, not the moving copy.
 */
export function LiveDisclaimer({ analyst = null }: { analyst?: SignalAnalyst | null }) {
  const { t } = useTranslation();
  const disclaimer = useDisclaimerValues();
  const containerRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLParagraphElement>(null);
  const [pass, setPass] = useState<{ seconds: number; from: number } | null>(null);

  useLayoutEffect(() => {
    const container = containerRef.current;
    const track = trackRef.current;
    if (!container || !track) return;
    const measure = () =>
      setPass({
        seconds: (track.scrollWidth + container.clientWidth) / TICKER_SPEED_PX_PER_SECOND,
        from: container.clientWidth,
      });
    measure();
    const observer =
      typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(container);
    return () => observer?.disconnect();
  }, []);

  return (
    <footer className="mt-6 space-y-3">
      <p className="rounded-xl border border-amber-300/20 bg-amber-300/5 p-4 text-xs leading-relaxed text-amber-100/90 sm:text-sm">
        {analyst
          ? t("live.disclaimerRegistered", {
              ...disclaimer,
              analyst: analyst.name,
              number: analyst.registrationNumber,
            })
          : t("live.disclaimer", disclaimer)}
      </p>
      <div
        ref={containerRef}
        aria-hidden="true"
        className="overflow-hidden rounded-lg border border-white/10 bg-ink-900/70 py-2"
      >
        <p
          ref={trackRef}
          data-testid="disclaimer-ticker"
          data-duration={pass?.seconds}
          style={
            pass
              ? ({
                  animationDuration: `${pass.seconds}s`,
                  "--ticker-from": `${pass.from}px`,
                } as CSSProperties)
              : undefined
          }
          className="w-max px-4 text-xs whitespace-nowrap text-ink-300 motion-safe:animate-[live-ticker_linear_infinite] motion-reduce:w-auto motion-reduce:whitespace-normal"
        >
          {t("live.ticker")}
        </p>
      </div>
    </footer>
  );
}
