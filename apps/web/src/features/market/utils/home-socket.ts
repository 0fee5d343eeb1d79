import { createContext } from "react";
import type { Socket } from "socket.io-client";

/** Makes the landing ticker's home socket (created disconnected). */
export type CreateHomeSocket = () => Promise<Socket>;

/**
 * The socket library is fetched only when the ticker asks for it, after the page has loaded: it is not part
 * of the first page's JavaScript (docs/decisions/006-first-page-javascript-budget.md).
 */
export const loadHomeSocket: CreateHomeSocket = () =>
  import("@/lib/socket").then((socket) => socket.createHomeSocket());

/** How the ticker makes its home socket; the app provides it (tests give a fake). */
export const HomeSocketContext = createContext<CreateHomeSocket>(loadHomeSocket);
