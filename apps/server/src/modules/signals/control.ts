/**
 * Reaching the signal engine from any process: the engine runs in the engine leader only, so an operator's
 * force-eod-close that arrives at another process is passed on as a server-side event (Redis adapter) and
 * answered by the leader. Every process answers the event (null when it has no engine), as socket.io's
 * acknowledgements expect a reply from each.
 */

import { type ManualSignal, ManualSignalSchema } from "@kalpa/contracts/signals";
import type { Server } from "socket.io";
import type { InjectOutcome, SignalEngine } from "../../engine/signal-engine";

const FORCE_EVENT = "kalpa:force-eod-close";
const INJECT_EVENT = "kalpa:manual-signal";

export interface SignalControl {
  /** Sets (or clears) this process's engine when it starts (or stops) leading. */
  attach(engine: SignalEngine | undefined, now?: () => number): void;
  /** Squares off every open signal now; the number of signals changed, or undefined with no engine. */
  forceSquareOff(actor: string): Promise<number | undefined>;
  /** The operator's manual signal; undefined with no engine. */
  inject(manual: ManualSignal, actor: string): Promise<InjectOutcome | undefined>;
  /**
   * Whether the engine runs, as far as this process can tell without asking: true when it runs here, false
   * when it cannot run anywhere (a single process without it), null when another process of a cluster may
   * lead.
   */
  engineRunning(): boolean | null;
}

export function createSignalControl(io: Server, options: { clustered: boolean }): SignalControl {
  let local: { engine: SignalEngine; now: () => number } | undefined;

  const runLocal = async (actor: string) =>
    local ? local.engine.forceSquareOff(local.now(), actor) : undefined;
  const injectLocal = async (manual: ManualSignal, actor: string) => {
    if (!local) return undefined;
    const { model, ...request } = manual;
    return local.engine.inject(model, request, local.now(), actor);
  };

  /** Asks the engine's process over the adapter; the first real answer (others have no engine). */
  async function ask<T>(event: string, ...args: unknown[]): Promise<T | undefined> {
    // The Redis adapter gives up on a process that does not answer within its requestsTimeout (5 s).
    const replies = await io.serverSideEmitWithAck(event, ...args).catch(() => [] as unknown[]);
    return (replies as unknown[]).find((reply) => reply !== null && reply !== undefined) as
      | T
      | undefined;
  }

  if (options.clustered) {
    io.on(FORCE_EVENT, (actor: unknown, ack: (result: number | null) => void) => {
      if (typeof actor !== "string" || typeof ack !== "function") return;
      void runLocal(actor).then(
        (result) => ack(result ?? null),
        () => ack(null),
      );
    });
    io.on(INJECT_EVENT, (body: unknown, actor: unknown, ack: (result: unknown) => void) => {
      if (typeof actor !== "string" || typeof ack !== "function") return;
      // Validated by the route that took the request; checked again here, as any input.
      const manual = ManualSignalSchema.safeParse(body);
      if (!manual.success) return ack(null);
      void injectLocal(manual.data, actor).then(
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
      const count = await ask<unknown>(FORCE_EVENT, actor);
      return typeof count === "number" ? count : undefined;
    },
    async inject(manual, actor) {
      if (local || !options.clustered) return injectLocal(manual, actor);
      return ask<InjectOutcome>(INJECT_EVENT, manual, actor);
    },
    engineRunning() {
      if (local) return true;
      return options.clustered ? null : false;
    },
  };
}
