/**
 * The consent modal's look, shared by the React modal (consent-gate.tsx) and the first paint the build
 * writes into every page shell (consent-preview.ts), so the one turns into the other without a jump.
 * Plain strings with no imports: the build reads this file too.
 */
export const CONSENT_CLASSES = {
  overlay: "fixed inset-0 z-[60] bg-ink-950/95",
  content: "fixed inset-0 z-[60] flex items-center justify-center p-3 focus:outline-none sm:p-6",
  card: "flex max-h-full w-full max-w-2xl flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-2xl shadow-black/60",
  header:
    "flex flex-wrap items-start justify-between gap-3 border-b border-white/10 px-5 pt-5 pb-4 sm:px-7 sm:pt-6",
  brand: "flex min-w-0 items-center gap-3",
  title: "text-xl font-semibold tracking-tight text-white text-balance",
  intro: "mt-0.5 text-sm text-ink-300",
  notes:
    "min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-400/50 sm:px-7",
  list: "space-y-6",
  item: "flex gap-4",
  number:
    "mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full border border-accent-400/30 bg-accent-400/10 text-sm font-semibold text-accent-300",
  heading: "font-semibold text-white",
  body: "mt-1.5 text-sm leading-relaxed text-ink-200 text-pretty sm:text-[0.95rem]",
  footer: "border-t border-white/10 bg-ink-950/40 px-5 py-4 sm:px-7",
  hint: "flex items-center justify-center gap-2 text-sm text-ink-300",
} as const;

/** The five notes, in order (their text: i18n/strings.ts). */
export const CONSENT_SECTIONS = ["purpose", "access", "free", "disclaimer", "support"] as const;
