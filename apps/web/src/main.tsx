import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { AppRoutes, preloadPage } from "./app/router";
import { i18nReady } from "./i18n";
import { createQueryClient } from "./lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");

const queryClient = createQueryClient();

// The first page's code loads alongside the language, so it paints without a loading state. If it fails to
// load, the page's own error state shows instead.
const firstPage = preloadPage(window.location.pathname).catch(() => undefined);

void Promise.all([i18nReady, firstPage]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders queryClient={queryClient}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
});
