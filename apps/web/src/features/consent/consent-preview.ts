/**
 * The consent modal's first paint, written by the build into every page shell (vite-plugins/page-shells.ts).
 *
 * A visitor's first page of a browser session opens under the consent modal, and the modal is React: on a
 * phone on a slow network it used to appear seconds after the page's first paint, as the largest paint of
 * the page. The shell now carries the modal's English notes as plain HTML, shown from the first paint when
 * a tiny inline script in <head> finds no consent in session storage. It is a picture of the modal, not the
 * modal: hidden from assistive technology, with nothing in it to focus or press (its notes scroll), and the
 * React modal removes it as it opens in its place, taking over its scroll position (consent-gate.tsx). A visitor who
 * chose Telugu, or whose browser runs no scripts, gets no preview: the React modal (or the noscript note)
 * alone.
 *
 * No imports beyond plain data: the build (Node, outside Vite's aliases) reads this file.
 */
import { CONSENT_CLASSES as C, CONSENT_SECTIONS } from "./components/consent-classes";
import { consentEn } from "./i18n/strings";
import {
  CONSENT_PENDING_CLASS,
  CONSENT_PREVIEW_ID,
  CONSENT_PREVIEW_NOTES_ATTRIBUTE,
} from "./utils/consent-preview-dom";

/**
 * The inline script: the same rule as consent-storage.ts hasConsent() (exactly {accepted: true,
 * version: 1} under "consent"; storage that cannot be read means no consent), plus the language: only an
 * English reader gets the English preview. The server allows it by its hash (plugins/spa.ts).
 */
export const CONSENT_CHECK_SCRIPT = `(function(){try{var c=JSON.parse(sessionStorage.getItem("consent"));if(c&&c.accepted===true&&c.version===1)return}catch(e){}try{var l=localStorage.getItem("language");if(l&&l!=="en")return}catch(e){}document.documentElement.classList.add("${CONSENT_PENDING_CLASS}")})()`;

/**
 * The preview is hidden unless the script marked the page: no script, no preview. While it shows, the page
 * behind it does not scroll (the modal keeps it so, consent-gate.tsx).
 */
export const CONSENT_PREVIEW_CSS = `#${CONSENT_PREVIEW_ID}{display:none}html.${CONSENT_PENDING_CLASS}{overflow:hidden;scrollbar-gutter:stable}html.${CONSENT_PENDING_CLASS} #${CONSENT_PREVIEW_ID}{display:block}`;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const withBrand = (text: string, brand: string) => text.replaceAll("{{brand}}", brand);

/** The brand mark of components/ui/brand-mark.tsx, as markup. */
const BRAND_MARK = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" class="size-8 shrink-0"><rect width="32" height="32" rx="8" class="fill-ink-800"></rect><rect x="0.5" y="0.5" width="31" height="31" rx="7.5" fill="none" class="stroke-white/10"></rect><path d="M9 22.5 14 16l4 3.5 5.5-8" fill="none" class="stroke-accent-400" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"></path><circle cx="23.5" cy="11.5" r="2" class="fill-accent-400"></circle></svg>`;

/** The language switch of components/ui/language-switch.tsx as it looks with English chosen. */
const LANGUAGE_SWITCH = `<div class="flex items-center gap-3"><span class="text-sm text-ink-300">Language</span><div class="inline-flex rounded-lg border border-white/10 bg-ink-900 p-0.5"><span lang="en" class="rounded-md px-3 py-1 text-sm bg-ink-700 font-medium text-white">English</span><span lang="te" class="rounded-md px-3 py-1 text-sm text-ink-300">తెలుగు</span><span lang="hi" class="rounded-md px-3 py-1 text-sm text-ink-300">हिन्दी</span></div></div>`;

/** lucide's chevrons-down, as the modal's scroll hint shows it. */
const CHEVRONS_DOWN = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-4 animate-bounce motion-reduce:animate-none"><path d="m7 6 5 5 5-5"></path><path d="m7 13 5 5 5-5"></path></svg>`;

/** The preview's markup for `brand` (the operator's brand name). */
export function consentPreviewHtml(brand: string): string {
  const text = (value: string) => escapeHtml(withBrand(value, brand));
  const notes = CONSENT_SECTIONS.map((section, index) => {
    const { heading, body } = consentEn.sections[section];
    return `<li class="${C.item}"><span class="${C.number}">${index + 1}</span><div class="min-w-0"><h3 class="${C.heading}">${text(heading)}</h3><p class="${C.body}">${text(body)}</p></div></li>`;
  }).join("");
  return [
    `<div id="${CONSENT_PREVIEW_ID}" aria-hidden="true">`,
    `<div class="${C.overlay}"></div>`,
    `<div class="${C.content}"><div class="${C.card}">`,
    `<div class="${C.header}"><div class="${C.brand}">${BRAND_MARK}<div class="min-w-0"><h2 class="${C.title}">${text(consentEn.title)}</h2><p class="${C.intro}">${text(consentEn.intro)}</p></div></div>${LANGUAGE_SWITCH}</div>`,
    `<section class="${C.notes}" ${CONSENT_PREVIEW_NOTES_ATTRIBUTE}><ol class="${C.list}">${notes}</ol></section>`,
    `<div class="${C.footer}"><p class="${C.hint}">${CHEVRONS_DOWN}${text(consentEn.scrollHint)}</p></div>`,
    `</div></div></div>`,
  ].join("");
}
