import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterEach, describe, expect, it } from "vitest";
import { openRawSocketIo } from "./socket-io-raw";

let io: Server | undefined;

async function socketServer(): Promise<{ io: Server; url: string }> {
  const http = createServer();
  io = new Server(http);
  io.use((socket, next) => {
    if (socket.handshake.headers.cookie === "session=ok") next();
    else next(new Error("Authentication required"));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  return { io, url: `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket` };
}

afterEach(async () => {
  await io?.close();
  io = undefined;
});

describe("the raw socket.io client", () => {
  it("joins once the server's middleware lets it in, and hears its events", async () => {
    const server = await socketServer();
    const heard: Array<[string, unknown]> = [];
    const ws = await openRawSocketIo(server.url, {
      headers: { cookie: "session=ok" },
      onEvent: (event, payload) => heard.push([event, payload]),
    });
    expect(server.io.of("/").sockets.size).toBe(1);
    server.io.emit("home-update", { ltp: 7 });
    await expect.poll(() => heard).toEqual([["home-update", { ltp: 7 }]]);
    ws.terminate();
  });

  it("is refused when the middleware refuses it", async () => {
    const server = await socketServer();
    await expect(openRawSocketIo(server.url, { headers: {} })).rejects.toThrow(
      /refused: .*Authentication required/,
    );
  });
});
