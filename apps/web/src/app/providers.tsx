import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { Socket } from "socket.io-client";
import { ToastHost } from "@/components/ui/toast-host";
import { useAccessRefresh } from "@/features/access/hooks/use-access-refresh";
import { SessionProvider } from "@/features/auth/components/session-provider";
import { useAuthState } from "@/features/auth/hooks/use-auth-state";
import { useSessionSocket } from "@/features/auth/hooks/use-session-socket";
import { readAuthHint } from "@/features/auth/utils/auth-hints";
import {
  type CreateHomeSocket,
  HomeSocketContext,
  loadHomeSocket,
} from "@/features/market/utils/home-socket";
import { onLanguageChosen } from "@/i18n";

/** The socket library loads with the first sign-in, not with every visitor's first page. */
const loadUserSocket = () => import("@/lib/socket").then((socket) => socket.createSocket());

/** Access changes (token-refreshed on the session's socket) refetch what depends on access, on any page. */
function AccessSync() {
  useAccessRefresh(useSessionSocket());
  return null;
}

const loadPushSync = () => import("@/features/settings/utils/push-sync");

/**
 * This browser's alerts follow the session (features/settings/utils/push-sync.ts): sent again on a
 * sign-in, unsubscribed on a sign-out seen here. The module loads only then, and only where a browser
 * has turned alerts on does it do anything.
 */
function PushSync() {
  const auth = useAuthState();
  const userId = auth.status === "authenticated" ? auth.user.id : null;
  const settled = auth.status !== "checking";
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!settled) return;
    const before = previous.current;
    previous.current = userId;
    const warn = (error: unknown) => console.warn("[alerts] this browser's alerts", error);
    if (userId !== null && userId !== before) {
      void loadPushSync()
        .then((sync) => sync.resendPushSubscription())
        .catch(warn);
    } else if (userId === null && before !== undefined && before !== null) {
      void loadPushSync()
        .then((sync) => sync.dropPushSubscription())
        .catch(warn);
    }
  }, [userId, settled]);
  return null;
}

const loadAccountLanguage = () => import("@/features/auth/api/account-language");

/**
 * Each language the reader picks while signed in is saved on the account too; the code that saves it loads
 * with the first pick (features/auth/api/account-language.ts).
 */
function AccountLanguageSync() {
  useEffect(
    () =>
      onLanguageChosen((language) => {
        if (!readAuthHint()) return;
        void loadAccountLanguage()
          .then((module) => module.saveAccountLanguage(language))
          .catch((error: unknown) => {
            // The browser keeps the choice either way; the account catches up at the next pick.
            console.warn("[i18n] could not save the language on the account", error);
          });
      }),
    [],
  );
  return null;
}

/**
 * Everything the app runs in, inside its router: the data cache, the session (its realtime socket and
 * forced logout) and toasts. `createUserSocket` makes the session's socket (credentialed, same origin
 * unless told otherwise); `createHomeSocket` the landing ticker's (no credentials, loaded after the page).
 */
export function AppProviders({
  queryClient,
  createUserSocket = loadUserSocket,
  createHomeSocket = loadHomeSocket,
  children,
}: {
  queryClient: QueryClient;
  createUserSocket?: () => Socket | Promise<Socket>;
  createHomeSocket?: CreateHomeSocket;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider createSocket={createUserSocket} navigate={navigate}>
        <AccessSync />
        <PushSync />
        <AccountLanguageSync />
        <HomeSocketContext value={createHomeSocket}>{children}</HomeSocketContext>
      </SessionProvider>
      <ToastHost />
    </QueryClientProvider>
  );
}
