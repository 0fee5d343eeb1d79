import "@/i18n";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useCallback } from "react";
import { type DataRouter, RouterProvider } from "react-router";
import type { Socket } from "socket.io-client";
import { ToastHost } from "@/components/ui/toast-host";
import { SessionProvider } from "@/features/auth/components/session-provider";

/** The socket library loads with the first sign-in, not with every visitor's first page. */
const loadUserSocket = () => import("@/lib/socket").then((socket) => socket.createSocket());

/**
 * Everything the app runs in: data cache, translations (side-effect import), the session (its realtime
 * socket and forced logout), the router, and toasts. `createUserSocket` makes the session's socket
 * (credentialed, same origin unless told otherwise).
 */
export function AppProviders({
  queryClient,
  router,
  createUserSocket = loadUserSocket,
}: {
  queryClient: QueryClient;
  router: DataRouter;
  createUserSocket?: () => Socket | Promise<Socket>;
}) {
  const navigate = useCallback((path: string) => void router.navigate(path), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider createSocket={createUserSocket} navigate={navigate}>
        <RouterProvider router={router} />
      </SessionProvider>
      <ToastHost />
    </QueryClientProvider>
  );
}
