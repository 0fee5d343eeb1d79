/**
 * A stand-in for the session's socket.io client socket: records connect and disconnect, keeps listeners, and
 * lets a test deliver a server event (with an acknowledgement callback) the way socket.io does.
 */
import type { Socket } from "socket.io-client";

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  readonly calls: Array<"connect" | "disconnect"> = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  connect(): this {
    this.calls.push("connect");
    this.connected = true;
    return this;
  }

  disconnect(): this {
    this.calls.push("disconnect");
    this.connected = false;
    return this;
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** Delivers `event` from the server to every listener. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  asSocket(): Socket {
    return this as unknown as Socket;
  }
}
