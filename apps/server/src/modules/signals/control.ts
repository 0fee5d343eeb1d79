/**
 * Reaching the signal engine from any process: the engine runs in the engine leader only, so an operator's
 * force-eod-close that arrives at another process is passed on as a server-side event (Redis adapter) and
 * answered by the leader. Every process answers the event (null when it has no engine), as socket.io's
 * acknowledgements expect a reply from each.
 */
import type { Server } from "socket.io";
import type { SignalEngine } from "../../engine/signal-engine";

const FORCE_EVENT = "kalpa:force-eod-close";

export interface SignalControl {
  /** Sets (or clears) this process's engine when it starts (or stops) leading. */
  attach(engine: SignalEngine | undefined, now?: () => number): void;
  /** Squares off every open signal now; the number of signals changed, or undefined with no engine. */
  forceSquareOff(actor: string): Promise<number | undefined>;
}

export function createSignalControl(io: Server, options: { clustered: boolean }): SignalControl {
  let local: { engine: SignalEngine; now: () => number } | undefined;

  const runLocal = async (actor: string) =>
    local ? local.engine.forceSquareOff(local.now(), actor) : undefined;

  if (options.clustered) {
    io.on(FORCE_EVENT, (actor: unknown, ack: (result: number | null) => void) => {
      if (typeof actor !== "string" || typeof ack !== "function") return;
      void runLocal(actor).then(
        (result) => ack(result ?? null),
        () => ack(null),
      );
    });
  }

  return {
    attach(engine, now = Date.now) {
      local = engine ? { engine, now } : undefined;
    },
    async forceSquareOff(actor) {
      if (local || !options.clustered) return runLocal(actor);
      // The Redis adapter gives up on a process that does not answer within its requestsTimeout (5 s).
      const replies = await io
        .serverSideEmitWithAck(FORCE_EVENT, actor)
        .catch(() => [] as unknown[]);
      const counts = (replies as unknown[]).filter((reply) => typeof reply === "number");
      return counts.length > 0 ? (counts[0] as number) : undefined;
    },
  };
}
