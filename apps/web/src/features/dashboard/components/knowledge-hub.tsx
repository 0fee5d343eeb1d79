import { RotateCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/dashboard/i18n/en";

const CARDS = ["bankNifty", "nifty", "crude"] as const;
type CardKey = (typeof CARDS)[number];

/**
 * The Trading Knowledge Hub (spec sections 1 and 4): three explainers that flip on click, or on Enter or
 * Space (each card is a toggle button). Desktop only: the parent hides it below the lg breakpoint. The turn
 * is a 3D rotation that reduced-motion users get as an instant change.
 */
export function KnowledgeHub({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="knowledge-hub-heading" className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="knowledge-hub-heading" className="text-lg font-semibold text-white">
          {t("dashboardPage.knowledge.heading")}
        </h2>
        <p className="text-sm text-ink-400">{t("dashboardPage.knowledge.hint")}</p>
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-5">
        {CARDS.map((card) => (
          <li key={card}>
            <FlipCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FlipCard({ card }: { card: CardKey }) {
  const { t } = useTranslation();
  const [flipped, setFlipped] = useState(false);
  const title = t(`dashboardPage.knowledge.${card}.title`);
  const face = "absolute inset-0 flex flex-col rounded-2xl border p-6 text-left backface-hidden";
  return (
    <button
      type="button"
      aria-pressed={flipped}
      aria-label={`${title}: ${t("dashboardPage.knowledge.flip")}`}
      onClick={() => setFlipped((value) => !value)}
      className="group block h-64 w-full rounded-2xl perspective-distant"
    >
      <span
        className={cn(
          "relative block size-full transition-transform duration-500 transform-3d motion-reduce:transition-none",
          flipped && "rotate-y-180",
        )}
      >
        <span
          aria-hidden={flipped}
          className={cn(
            face,
            "border-white/10 bg-gradient-to-br from-ink-800 to-ink-900 group-hover:border-accent-400/40",
          )}
        >
          <span className="text-xs font-semibold tracking-widest text-accent-300 uppercase">
            {title}
          </span>
          <span className="mt-4 text-xl leading-snug font-semibold text-white">
            {t(`dashboardPage.knowledge.${card}.question`)}
          </span>
          <span className="mt-auto inline-flex items-center gap-2 text-sm text-ink-300">
            <RotateCw aria-hidden="true" className="size-4" />
            {t("dashboardPage.knowledge.flip")}
          </span>
        </span>
        <span
          aria-hidden={!flipped}
          className={cn(face, "rotate-y-180 border-accent-400/30 bg-ink-900")}
        >
          <span className="text-xs font-semibold tracking-widest text-accent-300 uppercase">
            {title}
          </span>
          <span className="mt-3 text-sm leading-relaxed text-ink-100">
            {t(`dashboardPage.knowledge.${card}.answer`)}
          </span>
        </span>
      </span>
    </button>
  );
}
