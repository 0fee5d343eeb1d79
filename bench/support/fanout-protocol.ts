/**
 * What the socket fan-out bench's processes share: one clock and the messages they exchange over IPC.
 *
 * Every process reads CLOCK_MONOTONIC (process.hrtime), which is the same clock in every process on the
 * machine, so a time a server records and a time a client records can be subtracted directly.
 */

/** Milliseconds on the machine-wide monotonic clock, with sub-millisecond precision. */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The tick every server sends: a market symbol, and its sequence number in `ltp`. */
export interface TickPayload {
  symbol: string;
  ltp: number;
  percentChange: number;
}

/** The broadcasts a server made, one entry per broadcast, as parallel arrays. */
export interface EmitLog {
  /** The sequence number the broadcast carried (the tick's `ltp`). */
  seq: Int32Array;
  /** When the tick was published to the broadcast (for the Kalpa server, the engine's hand-over). */
  publishAt: Float64Array;
  /** When the broadcast started sending it to the clients. */
  emitAt: Float64Array;
  /** When the broadcast's synchronous part returned (every client's write queued). */
  emitEnd: Float64Array;
  /** CPU time (user + system, ms) the server process spent in that synchronous part. */
  emitCpu: Float64Array;
}

export type ServerMessage =
  | { type: "ready"; port: number }
  | { type: "emits"; log: EmitLog }
  | { type: "heap"; usedMiB: number };
export type ServerCommand =
  | { type: "start" }
  | { type: "emits" }
  | { type: "heap" }
  | { type: "stop" };

export type ClientProtocol = "socket.io" | "ws";

export type ClientCommand =
  | { type: "connect"; url: string; origin: string; count: number; protocol: ClientProtocol }
  | { type: "collect" }
  | { type: "close" };

export type ClientMessage =
  | { type: "connected"; open: number; failed: number; firstError: string | undefined }
  | {
      type: "receipts";
      /** Sequence number and arrival time of every tick every client of the process received. */
      seq: Int32Array;
      at: Float64Array;
      open: number;
      closed: number;
    };

/** Growable parallel arrays of (sequence number, time) pairs, cheap to append to and to send. */
export class SeqTimes {
  seq = new Int32Array(1 << 16);
  at = new Float64Array(1 << 16);
  length = 0;

  push(seq: number, at: number) {
    if (this.length === this.seq.length) {
      const seqs = new Int32Array(this.length * 2);
      seqs.set(this.seq);
      this.seq = seqs;
      const times = new Float64Array(this.length * 2);
      times.set(this.at);
      this.at = times;
    }
    this.seq[this.length] = seq;
    this.at[this.length] = at;
    this.length++;
  }
}

/** Records each broadcast of a server, to be sent to the bench when it asks. */
export function createEmitRecorder() {
  const entries = new SeqTimes();
  const publishAt = new SeqTimes();
  const emitEnd: number[] = [];
  const emitCpu: number[] = [];
  return {
    /** Call when a tick is handed to the broadcast. */
    published(seq: number, at: number) {
      publishAt.push(seq, at);
    },
    /** Call around a broadcast's send: `send` runs it, timed on the clock and in CPU time. */
    emit<T>(seq: number, send: () => T): T {
      const cpu = process.cpuUsage();
      const at = now();
      const result = send();
      const end = now();
      const spent = process.cpuUsage(cpu);
      entries.push(seq, at);
      emitEnd.push(end);
      emitCpu.push((spent.user + spent.system) / 1000);
      return result;
    },
    log(): EmitLog {
      const published = new Map<number, number>();
      for (let i = 0; i < publishAt.length; i++) {
        published.set(publishAt.seq[i] as number, publishAt.at[i] as number);
      }
      const seq = entries.seq.slice(0, entries.length);
      return {
        seq,
        publishAt: Float64Array.from(seq, (s) => published.get(s) ?? Number.NaN),
        emitAt: entries.at.slice(0, entries.length),
        emitEnd: Float64Array.from(emitEnd),
        emitCpu: Float64Array.from(emitCpu),
      };
    },
  };
}

/**
 * Wires a server child's IPC: "start" starts the ticks, "emits" answers the log, "heap" the V8 heap in
 * use, and "stop" runs `stop` then exits.
 */
export function serveBenchCommands(server: {
  port: number;
  /** Starts the ticks (the clients connect before, as they would over minutes in real life). */
  start: () => void;
  log: () => EmitLog;
  stop: () => Promise<void>;
}): void {
  const { port, start, log, stop } = server;
  const send = (message: ServerMessage) => process.send?.(message);
  process.on("message", (command: ServerCommand) => {
    if (command.type === "start") start();
    if (command.type === "emits") send({ type: "emits", log: log() });
    if (command.type === "heap") {
      send({ type: "heap", usedMiB: process.memoryUsage().heapUsed / 2 ** 20 });
    }
    if (command.type === "stop") {
      void stop().finally(() => process.exit(0));
    }
  });
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready", port });
}
