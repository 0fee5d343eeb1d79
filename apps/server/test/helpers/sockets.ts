/**
 * Real socket.io clients against a test app listening on a free port, closed after each test.
 */
import type { AddressInfo } from "node:net";
import { SOCKET_PATH } from "@kalpa/contracts/constants";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach } from "vitest";
import { type createTestApp, TEST_ORIGIN } from "./test-app";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Starts the app on a free port and returns its URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** Socket factory for one test file; its sockets disconnect after each test. */
export function useSockets() {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  return function open(url: string, options: Parameters<typeof connect>[1] = {}): Socket {
    const socket = connect(url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      reconnection: false,
      extraHeaders: { origin: TEST_ORIGIN },
      ...options,
    });
    sockets.push(socket);
    return socket;
  };
}

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
