/** Data a screen waits for from the server: still on its way, failed, or there. */
export type Loadable<T> = T | "pending" | "error";
