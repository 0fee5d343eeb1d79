/**
 * Retiring the consent modal's first paint (../consent-preview.ts) once React has decided: the modal
 * takes its place (keeping how far the visitor had scrolled its notes), or, when this session has consented
 * after all, it simply goes. No imports: the site's entry uses this, and it must stay small.
 */
export const CONSENT_PREVIEW_ID = "consent-preview";
/** On <html> while the preview is shown (the shell's inline script adds it). */
export const CONSENT_PENDING_CLASS = "consent-pending";
/** The attribute on the preview's scrolling notes. */
export const CONSENT_PREVIEW_NOTES_ATTRIBUTE = "data-consent-notes";

/** The shell's preview of the modal is on show (its inline script found no consent). */
export function consentPreviewShown(): boolean {
  return document.documentElement.classList.contains(CONSENT_PENDING_CLASS);
}

/** Removes the preview; returns how far its notes were scrolled (0 when there was none). */
export function removeConsentPreview(): number {
  const root = document.documentElement;
  const shown = consentPreviewShown();
  const preview = document.getElementById(CONSENT_PREVIEW_ID);
  // Reading a scroll position lays the page out there and then: only for a preview on show (a hidden one
  // has not been scrolled), never on a page whose visitor has consented.
  const notes = shown ? preview?.querySelector(`[${CONSENT_PREVIEW_NOTES_ATTRIBUTE}]`) : null;
  const scrolled = notes?.scrollTop ?? 0;
  preview?.remove();
  if (shown) root.classList.remove(CONSENT_PENDING_CLASS);
  return scrolled;
}

/** The modal's notes have mounted: they replace the preview, scrolled as far as it was. */
export function takeOverConsentPreview(notes: HTMLElement): void {
  const scrolled = removeConsentPreview();
  if (scrolled > 0) notes.scrollTop = scrolled;
}
