import { THRESHOLDS_PX, TIMINGS_MS } from "@kalpa/contracts/constants";
import { ChevronsDown, LoaderCircle, ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { BrandMark } from "@/components/ui/brand-mark";
import { buttonStyles } from "@/components/ui/button-styles";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { useRegistration } from "@/features/site/hooks/use-registration";
import { useTimeout } from "@/hooks/use-timeout";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { markEntered } from "@/lib/site-entry";
import "@/features/consent/i18n/en";
import { takeOverConsentPreview } from "../utils/consent-preview-dom";
import { hasConsent, rememberConsent } from "../utils/consent-storage";
import { CONSENT_CLASSES as C, CONSENT_SECTIONS } from "./consent-classes";

type Phase = "reading" | "entering" | "entered";

/**
 * A browser's own modal dialog (showModal: the top layer, the page behind inert, focus kept inside) in the
 * consent modal's look: its default box, margins and backdrop taken off, its backdrop the plain one below.
 * Not Radix's Dialog: a visitor's first visit would download 13 KB of script for what the browser does.
 */
const NATIVE_DIALOG_RESET =
  "m-0 h-full max-h-none w-full max-w-none border-0 bg-transparent text-inherit backdrop:bg-transparent";

/**
 * While the modal is open the page behind it does not scroll (the shell's preview of the modal holds it
 * still the same way until then, consent-preview.ts).
 */
function usePageScrollLock(locked: boolean): void {
  useLayoutEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const previous = { overflow: root.style.overflow, gutter: root.style.scrollbarGutter };
    root.style.overflow = "hidden";
    // Where scrollbars take room (a desktop's classic ones), keep the room while the page cannot scroll,
    // so nothing moves sideways when the modal opens or closes.
    root.style.scrollbarGutter = "stable";
    return () => {
      root.style.overflow = previous.overflow;
      root.style.scrollbarGutter = previous.gutter;
    };
  }, [locked]);
}

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
  // With the operator's research-analyst registration the disclaimer names it (the shell's first paint,
  // written at build time, has the spec's wording until the answer arrives).
  const registration = useRegistration();
  // With a research-analyst profile, SEBI's refund rule replaces "non-refundable" (decision 033).
  const withProfile = registration !== null;
  const [phase, setPhase] = useState<Phase>(() => (hasConsent() ? "entered" : "reading"));
  const [reachedEnd, setReachedEnd] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const scrollRef = useRef<HTMLElement | null>(null);
  const checkboxId = useId();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement | null>(null);
  // The notes take the place of the shell's first paint of them (consent-preview.ts) as they mount.
  const notesRef = useCallback((element: HTMLElement | null) => {
    scrollRef.current = element;
    if (element) takeOverConsentPreview(element);
  }, []);

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

  usePageScrollLock(phase !== "entered");

  const open = phase !== "entered";
  // Entered, whether by this modal or already (a record the root layout's check read otherwise): what
  // waited behind the gate goes ahead.
  useEffect(() => {
    if (!open) markEntered();
  }, [open]);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    dialog.showModal();
    // On the next frame: focusing needs the new modal's styles, and asked for here, in React's commit, that
    // recalculation ran inside the commit's task (~30 ms on a phone) on top of the frame's own. No scrolling
    // into view: the notes open at their top. Whether they fit is read then too, once laid out.
    requestAnimationFrame(() => {
      scrollRef.current?.focus({ preventScroll: true });
      checkEnd();
    });
  }, [open, checkEnd]);

  if (!open) return null;

  return (
    <>
      {/* The same plain backdrop as the shell's preview; the page behind is held still by
          usePageScrollLock. */}
      <div aria-hidden="true" className={C.overlay} />
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        // A gate: Escape does not close it (the key's default is the close request; cancel is the fallback).
        onKeyDown={(event) => {
          if (event.key === "Escape") event.preventDefault();
        }}
        onCancel={(event) => event.preventDefault()}
        // A close request the page may not refuse (a browser lets a second one through unless the visitor
        // did something in between; Android's back gesture): the gate opens again until they enter.
        onClose={() => {
          const dialog = dialogRef.current;
          if (dialog?.isConnected && !dialog.open) dialog.showModal();
        }}
        className={cn(C.content, NATIVE_DIALOG_RESET)}
      >
        <div className={C.card}>
          {phase === "entering" ? (
            <div className="flex min-h-80 flex-col items-center justify-center gap-4 p-10 text-center">
              <h2 id={titleId} className="sr-only">
                {t("consent.title", { brand: brandName })}
              </h2>
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
              <div className={C.header}>
                <div className={C.brand}>
                  <BrandMark />
                  <div className="min-w-0">
                    <h2 id={titleId} className={C.title}>
                      {t("consent.title", { brand: brandName })}
                    </h2>
                    <p className={C.intro}>{t("consent.intro")}</p>
                  </div>
                </div>
                <LanguageSwitch />
              </div>

              <section
                ref={notesRef}
                // A keyboard reader scrolls with the arrow keys once this has focus.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
                tabIndex={0}
                aria-label={t("consent.contentLabel")}
                onScroll={checkEnd}
                className={C.notes}
              >
                <ol className={C.list}>
                  {CONSENT_SECTIONS.map((section, index) => (
                    <li key={section} className={C.item}>
                      <span aria-hidden="true" className={C.number}>
                        {index + 1}
                      </span>
                      <div className="min-w-0">
                        <h3 className={C.heading}>{t(`consent.sections.${section}.heading`)}</h3>
                        <p className={C.body}>
                          {section === "disclaimer" && registration
                            ? t("consent.sections.disclaimer.bodyRegistered", registration)
                            : section === "access" && withProfile
                              ? t("consent.sections.access.bodyWithProfile", { brand: brandName })
                              : t(`consent.sections.${section}.body`, { brand: brandName })}
                        </p>
                      </div>
                    </li>
                  ))}
                </ol>
              </section>

              <div className={C.footer}>
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
                  <p className={C.hint}>
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
      </dialog>
    </>
  );
}
