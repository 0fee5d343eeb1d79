import { createContext } from "react";
import type { Socket } from "socket.io-client";

/**
 * The signed-in user's realtime socket, owned by SessionProvider: null while nobody is signed in. Screens
 * listen and emit on it; they never open a socket of their own or handle force-logout.
 */
export const SessionSocketContext = createContext<Socket | null>(null);
