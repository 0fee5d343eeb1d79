import "@/i18n";
import { TIMINGS_MS } from "@kalpa/contracts/constants";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";

/** Everything the app needs above the router: data cache, translations (side-effect import), toasts. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-right" duration={TIMINGS_MS.toastDefault} theme="dark" closeButton />
    </QueryClientProvider>
  );
}
