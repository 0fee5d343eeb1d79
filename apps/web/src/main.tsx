import "./index.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { TRANSLATIONS } from "./app/i18n/languages";
import { AppProviders } from "./app/providers";
import { preloadConsentGate } from "./app/root-layout";
import { AppRoutes, preloadPage } from "./app/router";
import { loadRememberedLanguage, registerTranslations } from "./i18n";
import { createQueryClient } from "./lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");

const queryClient = createQueryClient();
registerTranslations(TRANSLATIONS);

// The first page's code loads alongside the language, so it paints without a loading state. If it fails to
// load, the page's error state shows. A first visit's consent modal never holds the page back: its code
// loads alongside, or after the first page while the shell's preview of it is on show (preloadConsentGate).
preloadConsentGate();
const firstPaint = Promise.all([
  loadRememberedLanguage(),
  preloadPage(window.location.pathname).catch(() => undefined),
]);

void firstPaint.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppProviders queryClient={queryClient}>
            <AppRoutes />
          </AppProviders>
        </BrowserRouter>
      </StrictMode>,
    ),
  );
});
