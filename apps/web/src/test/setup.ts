import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { TRANSLATIONS } from "@/app/i18n/languages";
import { registerTranslations, setLanguage } from "@/i18n";

// Pages load their code lazily; on a busy 2-core machine (CI runs the suites side by side) the first render
// of a file can take over a second. Queries that wait (findBy…, waitFor) get up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// Telugu loads as in main.tsx.
registerTranslations(TRANSLATIONS);

// jsdom does not implement scrolling; React Router's scroll restoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await setLanguage("en");
  window.localStorage.clear();
  window.sessionStorage.clear();
});
