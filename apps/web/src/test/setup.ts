import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { setLanguage } from "@/i18n";

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
