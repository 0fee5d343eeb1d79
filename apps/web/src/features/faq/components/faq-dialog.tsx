import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { useRegistration } from "@/features/site/hooks/use-registration";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { type FaqItems, faqAdviceRegisteredEn, faqItemsEn } from "../i18n/items-en";
import { faqAdviceRegisteredHi, faqItemsHi } from "../i18n/items-hi";
import { faqAdviceRegisteredTe, faqItemsTe } from "../i18n/items-te";
import "@/features/faq/i18n/en";

const ITEMS_BY_LANGUAGE: Record<string, FaqItems> = {
  en: faqItemsEn,
  te: faqItemsTe,
  hi: faqItemsHi,
};
/** The "advice" answer naming the operator's research-analyst registration, where it has one. */
const ADVICE_REGISTERED: Record<string, string> = {
  en: faqAdviceRegisteredEn,
  te: faqAdviceRegisteredTe,
  hi: faqAdviceRegisteredHi,
};

const FAQ_ITEMS: readonly (keyof FaqItems)[] = [
  "whatIs",
  "simulated",
  "advice",
  "access",
  "refund",
  "rda",
  "models",
  "journal",
  "forecasts",
  "privacy",
  "support",
  "hours",
  "recover",
];

type FaqItem = keyof FaqItems;

/** An answer; with a research-analyst profile, the refund answer follows SEBI's rule (decision 033). */
function answerOf(items: FaqItems, item: FaqItem, withProfile: boolean): string {
  const entry: { a: string; aWithProfile?: string } = items[item];
  return withProfile && entry.aWithProfile ? entry.aWithProfile : entry.a;
}

function withBrand(text: string, brandName: string): string {
  return text.replaceAll("{{brand}}", brandName);
}

/**
 * The FAQ modal (spec section 2, "FAQ"): thirteen questions as an accordion with one answer open at a time;
 * closed by its close button, Escape or a click on the backdrop.
 */
export function FaqDialog({
  open,
  onOpenChange,
  brandName,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brandName: string;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t, language } = useTranslation();
  const items = ITEMS_BY_LANGUAGE[language] ?? faqItemsEn;
  const registration = useRegistration();
  // With a registration the spec's "not registered" answer would be untrue: the answer names it instead.
  const answer = (item: FaqItem) =>
    item === "advice" && registration
      ? (ADVICE_REGISTERED[language] ?? faqAdviceRegisteredEn)
          .replaceAll("{{analyst}}", registration.analyst)
          .replaceAll("{{number}}", registration.number)
      : answerOf(items, item, registration !== null);
  const [expanded, setExpanded] = useState<FaqItem | null>(null);
  const baseId = useId();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setExpanded(null);
      }}
    >
      <DialogContent
        title={t("faq.title")}
        description={t("faq.description")}
        className="max-w-2xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <ul className="divide-y divide-white/10 rounded-xl border border-white/10 bg-ink-950/40">
          {FAQ_ITEMS.map((item) => {
            const isOpen = expanded === item;
            const buttonId = `${baseId}-${item}-q`;
            const panelId = `${baseId}-${item}-a`;
            return (
              <li key={item}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => setExpanded(isOpen ? null : item)}
                    className="flex w-full items-start justify-between gap-4 px-4 py-3.5 text-left text-sm font-medium text-ink-50 transition-colors hover:bg-white/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-400 sm:text-base"
                  >
                    <span>{withBrand(items[item].q, brandName)}</span>
                    <ChevronDown
                      aria-hidden="true"
                      className={cn(
                        "mt-0.5 size-4 shrink-0 text-ink-300 transition-transform duration-200 motion-reduce:transition-none",
                        isOpen && "rotate-180 text-accent-300",
                      )}
                    />
                  </button>
                </h3>
                <section
                  id={panelId}
                  aria-labelledby={buttonId}
                  hidden={!isOpen}
                  className="px-4 pb-4 text-sm leading-relaxed text-ink-200 text-pretty"
                >
                  {withBrand(answer(item), brandName)}
                </section>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
