import { SOCKET_PATH } from "@kalpa/contracts/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHomeSocket, createSocket } from "./socket";

const sockets: Array<ReturnType<typeof createSocket>> = [];
function track<T extends ReturnType<typeof createSocket>>(socket: T): T {
  sockets.push(socket);
  return socket;
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe("createSocket", () => {
  it("uses the spec's path, transports and reconnection settings, and does not connect by itself", () => {
    const socket = track(createSocket());
    const opts = socket.io.opts;

    expect(opts.path).toBe(SOCKET_PATH);
    expect(opts.transports).toEqual(["websocket", "polling"]);
    expect(opts.tryAllTransports).toBe(true);
    expect(opts.withCredentials).toBe(true);
    expect(opts.autoConnect).toBe(false);
    expect(opts.reconnection).toBe(true);
    expect(socket.io.reconnectionDelay()).toBe(1000);
    expect(socket.io.reconnectionDelayMax()).toBe(5000);
    expect(socket.io.randomizationFactor()).toBe(0.5);
    expect(socket.io.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
    expect(socket.io.timeout()).toBe(20000);
    expect(socket.connected).toBe(false);
    expect(socket.active).toBe(false);
  });

  it("gives every socket its own connection", () => {
    const first = track(createSocket());
    const second = track(createSocket());
    expect(first.io).not.toBe(second.io);
  });

  it("only logs connection errors", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const socket = track(createSocket());
    // Deliver a connect_error the way the manager does.
    const listeners = socket.listeners("connect_error");
    expect(listeners).toHaveLength(1);
    expect(() => listeners[0]?.(new Error("xhr poll error"))).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("xhr poll error"));
  });
});

describe("createHomeSocket", () => {
  it("connects without credentials and says type=home", () => {
    const socket = track(createHomeSocket());
    expect(socket.io.opts.withCredentials).toBe(false);
    expect(socket.io.opts.query).toEqual({ type: "home" });
    expect(socket.io.opts.path).toBe(SOCKET_PATH);
    expect(socket.io.reconnectionDelayMax()).toBe(5000);
  });
});
