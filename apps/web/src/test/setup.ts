import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { TRANSLATIONS } from "@/app/i18n/languages";
import { registerTranslations, setLanguage } from "@/i18n";
import { markEntered } from "@/lib/site-entry";

// Pages load their code lazily; on a busy 2-core machine (CI runs the suites side by side) the first render
// of a file can take over a second. Queries that wait (findBy…, waitFor) get up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// Telugu loads as in main.tsx.
registerTranslations(TRANSLATIONS);

// jsdom does not implement scrolling; React Router's scroll restoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has <dialog> but not its modal methods: open and close it as a browser does, minus the top layer
// (focus and inertness are the browser's, checked in the e2e journeys).
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await setLanguage("en");
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A test that left the consent gate up does not hold the next one's landing back (lib/site-entry.ts).
  markEntered();
});
