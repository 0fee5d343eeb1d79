import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { i18n } from "@/i18n";

// jsdom does not implement scrolling; React Router's scroll restoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
  window.localStorage.clear();
  window.sessionStorage.clear();
});
