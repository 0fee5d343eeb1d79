import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { createAppRouter } from "./app/router";
import { i18nReady } from "./i18n";
import { createQueryClient } from "./lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");

const queryClient = createQueryClient();
const router = createAppRouter();

void i18nReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} router={router} />
    </StrictMode>,
  );
});
