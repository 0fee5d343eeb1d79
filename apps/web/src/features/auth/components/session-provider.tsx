import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import type { ForceLogoutAck } from "@kalpa/contracts/socket-events";
import { ForceLogoutPayloadSchema, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { forcedLogout } from "../api/forced-logout";
import { meQueryKey } from "../api/get-me";
import { useAuthState } from "../hooks/use-auth-state";
import { SESSION_HINT_KEYS } from "../utils/auth-hints";
import { endSession } from "../utils/session";
import { SessionSocketContext } from "../utils/session-socket-context";
import { ForcedLogoutNotice } from "./forced-logout-notice";

/** The reason in a force-logout payload, or the spec's default. */
function forcedLogoutReason(payload: unknown): string {
  const parsed = ForceLogoutPayloadSchema.safeParse(payload);
  const reason = parsed.success ? parsed.data.reason.trim() : "";
  return reason || AUTH_MESSAGES.forcedLogout;
}

/**
 * The session's one place for realtime and forced logout, for the whole app:
 * - holds one credentialed socket (made by `createSocket` when someone first signs in, so a visitor's first
 *   page does not load the socket library), connected while someone is signed in, dropped
 *   and reconnected when the signed-in user changes (a login: the handshake then carries the new cookie),
 *   disconnected at logout; screens get it from useSessionSocket();
 * - on `force-logout` acknowledges with { ok: true }, shows the reason (or "You have been logged out."),
 *   makes the logout call, clears the session and goes to /login, even when the call fails;
 * - re-checks the session when another tab changes the hints.
 */
export function SessionProvider({
  createSocket,
  navigate,
  children,
}: {
  createSocket: () => Socket | Promise<Socket>;
  /** Moves the app to a path (the router's navigate). */
  navigate: (path: string) => void;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const auth = useAuthState();
  const userId = auth.status === "authenticated" ? auth.user.id : null;
  const [socket, setSocket] = useState<Socket | null>(null);
  const createSocketRef = useRef(createSocket);
  const [notice, setNotice] = useState<string | null>(null);
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });

  useEffect(() => {
    if (userId === null || socket) return;
    let cancelled = false;
    void Promise.resolve(createSocketRef.current()).then(
      (made) => {
        if (!cancelled) setSocket(made);
      },
      (error: unknown) => console.warn("[session] could not load the realtime client", error),
    );
    return () => {
      cancelled = true;
    };
  }, [userId, socket]);

  useEffect(() => {
    if (userId === null) return;
    // Signing in clears the notice of an earlier forced logout.
    setNotice(null);
  }, [userId]);

  useEffect(() => {
    if (userId === null || !socket) return;
    socket.disconnect();
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [socket, userId]);

  useEffect(() => {
    if (!socket) return;
    const onForceLogout = (payload: unknown, ack?: (answer: ForceLogoutAck) => void) => {
      if (typeof ack === "function") ack({ ok: true });
      setNotice(forcedLogoutReason(payload));
      socket.disconnect();
      void forcedLogout()
        .catch((error: unknown) => console.warn("[session] logout call failed", error))
        .finally(() => {
          endSession(queryClient);
          navigateRef.current("/login");
        });
    };
    socket.on(SERVER_EVENTS.forceLogout, onForceLogout);
    return () => {
      socket.off(SERVER_EVENTS.forceLogout, onForceLogout);
    };
  }, [socket, queryClient]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const key = event.key;
      if (key === null || (SESSION_HINT_KEYS as readonly string[]).includes(key)) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [queryClient]);

  return (
    <SessionSocketContext value={userId === null ? null : socket}>
      {children}
      {notice ? <ForcedLogoutNotice reason={notice} onDismiss={() => setNotice(null)} /> : null}
    </SessionSocketContext>
  );
}
