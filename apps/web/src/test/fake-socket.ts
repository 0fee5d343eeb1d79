/**
 * A stand-in for a socket.io client socket: records connect and disconnect and what the client emits, keeps
 * listeners, and lets a test deliver a server event (with an acknowledgement callback) the way socket.io
 * does. Connecting and disconnecting tell the socket's own "connect" and "disconnect" listeners, as a real
 * socket does once the server answers.
 */
import type { Socket } from "socket.io-client";

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  readonly calls: Array<"connect" | "disconnect"> = [];
  /** Every event the client emitted, with its arguments, in order. */
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  connect(): this {
    this.calls.push("connect");
    if (!this.connected) {
      this.connected = true;
      this.serverEmit("connect");
    }
    return this;
  }

  disconnect(): this {
    this.calls.push("disconnect");
    if (this.connected) {
      this.connected = false;
      this.serverEmit("disconnect", "io client disconnect");
    }
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

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** How many times the client emitted `event`. */
  emitCount(event: string): number {
    return this.emitted.filter((entry) => entry.event === event).length;
  }

  /** Delivers `event` from the server to every listener. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  asSocket(): Socket {
    return this as unknown as Socket;
  }
}
