import { THRESHOLDS_PX, TIMINGS_MS } from "@kalpa/contracts/constants";
import * as RadixDialog from "@radix-ui/react-dialog";
import { ChevronsDown, LoaderCircle, ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { BrandMark } from "@/components/ui/brand-mark";
import { buttonStyles } from "@/components/ui/button-styles";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { useTimeout } from "@/hooks/use-timeout";
import { useTranslation } from "@/i18n";
import "@/features/consent/i18n/en";
import { hasConsent, rememberConsent } from "../utils/consent-storage";

const SECTIONS = ["purpose", "access", "free", "disclaimer", "support"] as const;

type Phase = "reading" | "entering" | "entered";

/** Within `threshold` px of the bottom of a scrollable element (or it does not scroll at all). */
function nearBottom(element: HTMLElement, threshold: number): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}

/**
 * The landing consent modal (spec sections 2, 4, 5, 9): shown once per browser session before the site.
 * Five notes in English or Telugu; the agreement checkbox and Enter appear once the reader is within 50 px of
 * the bottom; Enter needs the tick; then "Entering Website..." for 2 s, after which the consent is stored in
 * session storage and the modal closes. It is a gate: Escape and outside clicks do not dismiss it.
 */
export function ConsentGate({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>(() => (hasConsent() ? "entered" : "reading"));
  const [reachedEnd, setReachedEnd] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const scrollRef = useRef<HTMLElement>(null);
  const checkboxId = useId();

  const checkEnd = useCallback(() => {
    const element = scrollRef.current;
    if (element && nearBottom(element, THRESHOLDS_PX.consentScrollBottom)) setReachedEnd(true);
  }, []);

  // Content that fits without scrolling (a tall screen) counts as read to the end.
  useEffect(() => {
    if (phase !== "reading") return;
    window.addEventListener("resize", checkEnd);
    return () => window.removeEventListener("resize", checkEnd);
  }, [phase, checkEnd]);

  // The agreement takes room from the notes when it appears: keep the last lines in view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (reachedEnd && element) element.scrollTop = element.scrollHeight;
  }, [reachedEnd]);

  useTimeout(
    () => {
      rememberConsent();
      setPhase("entered");
    },
    phase === "entering" ? TIMINGS_MS.consentLoading : null,
  );

  if (phase === "entered") return null;

  return (
    <RadixDialog.Root open>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-ink-950/90 backdrop-blur-md" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            scrollRef.current?.focus();
            checkEnd();
          }}
          className="fixed inset-0 z-[60] flex items-center justify-center p-3 focus:outline-none sm:p-6"
        >
          <div className="flex max-h-full w-full max-w-2xl flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-2xl shadow-black/60">
            {phase === "entering" ? (
              <div className="flex min-h-80 flex-col items-center justify-center gap-4 p-10 text-center">
                <RadixDialog.Title className="sr-only">
                  {t("consent.title", { brand: brandName })}
                </RadixDialog.Title>
                <LoaderCircle
                  aria-hidden="true"
                  className="size-10 animate-spin text-accent-400 motion-reduce:animate-none"
                />
                <p role="status" className="text-lg font-medium text-white">
                  {t("consent.entering")}
                </p>
              </div>
            ) : (
              <>
                <div className="flex flex-wrap items-start justify-between gap-3 border-b border-white/10 px-5 pt-5 pb-4 sm:px-7 sm:pt-6">
                  <div className="flex min-w-0 items-center gap-3">
                    <BrandMark />
                    <div className="min-w-0">
                      <RadixDialog.Title className="text-xl font-semibold tracking-tight text-white text-balance">
                        {t("consent.title", { brand: brandName })}
                      </RadixDialog.Title>
                      <p className="mt-0.5 text-sm text-ink-300">{t("consent.intro")}</p>
                    </div>
                  </div>
                  <LanguageSwitch />
                </div>

                <section
                  ref={scrollRef}
                  // A keyboard reader scrolls with the arrow keys once this has focus.
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
                  tabIndex={0}
                  aria-label={t("consent.contentLabel")}
                  onScroll={checkEnd}
                  className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-400/50 sm:px-7"
                >
                  <ol className="space-y-6">
                    {SECTIONS.map((section, index) => (
                      <li key={section} className="flex gap-4">
                        <span
                          aria-hidden="true"
                          className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full border border-accent-400/30 bg-accent-400/10 text-sm font-semibold text-accent-300"
                        >
                          {index + 1}
                        </span>
                        <div className="min-w-0">
                          <h3 className="font-semibold text-white">
                            {t(`consent.sections.${section}.heading`)}
                          </h3>
                          <p className="mt-1.5 text-sm leading-relaxed text-ink-200 text-pretty sm:text-[0.95rem]">
                            {t(`consent.sections.${section}.body`, { brand: brandName })}
                          </p>
                        </div>
                      </li>
                    ))}
                  </ol>
                </section>

                <div className="border-t border-white/10 bg-ink-950/40 px-5 py-4 sm:px-7">
                  {reachedEnd ? (
                    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="flex items-start gap-3">
                        <input
                          id={checkboxId}
                          type="checkbox"
                          checked={agreed}
                          onChange={(event) => setAgreed(event.target.checked)}
                          className="mt-0.5 size-5 shrink-0 accent-accent-400"
                        />
                        <label htmlFor={checkboxId} className="text-sm leading-snug text-ink-100">
                          {t("consent.agree")}
                        </label>
                      </div>
                      <button
                        type="button"
                        disabled={!agreed}
                        onClick={() => setPhase("entering")}
                        className={buttonStyles({
                          className: "w-full shrink-0 sm:w-auto sm:min-w-32",
                        })}
                      >
                        <ShieldCheck aria-hidden="true" className="size-4" />
                        {t("consent.enter")}
                      </button>
                    </div>
                  ) : (
                    <p className="flex items-center justify-center gap-2 text-sm text-ink-300">
                      <ChevronsDown
                        aria-hidden="true"
                        className="size-4 animate-bounce motion-reduce:animate-none"
                      />
                      {t("consent.scrollHint")}
                    </p>
                  )}
                </div>
              </>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
