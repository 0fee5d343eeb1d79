/**
 * Drill 1: kill -9 the engine's leader while signals are open and signed-in clients are connected through
 * HAProxy. Measured: how long until another process runs the engine; whether any transition was lost or
 * recorded twice (signal_events against the ledger, and the chain verified); whether the signals open at
 * the kill went on; whether every client reconnected by itself and heard each later transition; and
 * whether a screen fetching the current signals after reconnecting reads what the database holds.
 */

import { TRADER } from "@kalpa/testkit/demo";
import { signIn } from "@kalpa/testkit/http";
import pg from "pg";
import { type Drill, figuresOf, sleep, waitFor } from "./support/drill";
import { ask, withoutNodeCookie } from "./support/http";
import {
  doubledTransitions,
  ledgerEntriesWithoutTransition,
  unledgeredTransitions,
} from "./support/ledger";
import { healthOf, leaderOf, withTopology } from "./support/topology";

const TAKEOVER_TARGET_S = 10;

interface Transition {
  signal_id: string;
  kind: string;
  recorded_at: Date;
}

/** The status a transition leaves its signal in. */
const STATUS_OF_KIND: Record<string, string> = {
  generated: "generated",
  triggered: "triggered",
  closed: "closed",
  cancelled: "cancelled",
};

export const leaderKillDrill: Drill = {
  name: "leader",
  title: "kill -9 the engine's leader",
  async run({ reduced, log }) {
    const { figures, add } = figuresOf("leader");
    // The simulated market runs 120 times as fast, so signals open and close within the drill.
    return withTopology({ base: 8110, env: { SIM_CLOCK_SPEED: "120" }, log }, async (topology) => {
      const db = new pg.Client({ connectionString: topology.postgres.url });
      await db.connect();
      try {
        const leader = await leaderOf(topology.nodes);
        if (!leader) throw new Error("no process runs the engine");
        const cookie = await signIn(topology.url, TRADER);
        // Without HAProxy's node cookie, the clients spread over the processes as many browsers would.
        const clients = await topology.openClients(withoutNodeCookie(cookie), reduced ? 20 : 200);
        const connected = clients.filter((c) => c.socket.connected).length;
        log(`leader: ${leader.name}; ${connected} clients connected; waiting for an open signal`);
        const openNow = async () =>
          (
            await db.query<{ id: string }>(
              "select id from signals where status in ('generated', 'triggered') order by id",
            )
          ).rows.map((row) => row.id);
        // Killed the moment a signal is open (polled every 100 ms), so it is still open at the kill.
        await waitFor(
          async () => ((await openNow()).length > 0 ? true : undefined),
          reduced ? 120_000 : 240_000,
          100,
        );
        const openAtKill = await openNow();
        log(
          `killing ${leader.name} (pid ${leader.pid()}) with ${openAtKill.length} signal(s) open`,
        );
        const killedAt = performance.now();
        const killedWall = new Date();
        leader.kill("SIGKILL");

        const others = topology.nodes.filter((node) => node !== leader);
        const successor = await waitFor(async () => leaderOf(others), 30_000, 100);
        const takeoverS = (performance.now() - killedAt) / 1000;
        add(
          "engine run by another process after",
          successor ? `${takeoverS.toFixed(1)} s` : "never (30 s)",
          `≤ ${TAKEOVER_TARGET_S} s`,
          successor !== undefined && takeoverS <= TAKEOVER_TARGET_S,
        );

        const allBack = await waitFor(
          () => (clients.every((c) => c.socket.connected) ? true : undefined),
          30_000,
          100,
        );
        const dropped = clients.filter((c) => c.disconnectedAt !== undefined);
        const slowest = Math.max(
          0,
          ...dropped.map((c) => ((c.reconnectedAt ?? Number.POSITIVE_INFINITY) - killedAt) / 1000),
        );
        add(
          "clients reconnected by themselves",
          `${clients.filter((c) => c.socket.connected).length} of ${clients.length}`,
          "all",
          allBack === true,
        );
        add(
          "slowest reconnection after the kill",
          `${slowest.toFixed(1)} s`,
          "≤ 30 s",
          allBack === true,
        );
        add(
          "clients dropped by the kill",
          `${dropped.length} of ${clients.length}`,
          "those on the killed process (some, not all)",
          dropped.length > 0 && dropped.length < clients.length,
        );
        const listeningFrom = new Date();

        // Let the new leader run the market on.
        await sleep(reduced ? 20_000 : 60_000);
        const until = new Date();
        await sleep(1500);

        // Transitions: none twice, none missing from the ledger, the chain intact.
        const doubled = await db.query(doubledTransitions);
        const gaps = await db.query(
          "select signal_id from signal_events group by signal_id having max(seq) - min(seq) + 1 <> count(*)",
        );
        add("transitions recorded twice", doubled.rowCount ?? 0, "0", doubled.rowCount === 0);
        add(
          "signals with a gap in their transitions",
          gaps.rowCount ?? 0,
          "0",
          gaps.rowCount === 0,
        );
        const unledgered = await db.query(unledgeredTransitions);
        const unmatched = await db.query(ledgerEntriesWithoutTransition);
        add(
          "transitions missing from the ledger / ledger entries without a transition",
          `${unledgered.rowCount} / ${unmatched.rowCount}`,
          "0 / 0",
          unledgered.rowCount === 0 && unmatched.rowCount === 0,
        );
        const verdict = (await ask(`${topology.url}/api/ledger/verify`)).body as {
          data?: { ok: boolean; entries: number };
        };
        add(
          "ledger chain verified",
          verdict.data
            ? `${verdict.data.ok ? "intact" : "broken"} (${verdict.data.entries} entries)`
            : "no answer",
          "intact",
          verdict.data?.ok === true,
        );

        // The signals open at the kill went on under the new leader: a later transition, or prices heard.
        const afterKill = await db.query<Transition>(
          "select signal_id, kind, recorded_at from signal_events where recorded_at > $1 order by recorded_at",
          [killedWall],
        );
        const continued = openAtKill.filter(
          (id) =>
            afterKill.rows.some((t) => t.signal_id === id) ||
            clients.some((c) =>
              c.heard.some((h) => h.id === id && h.at > killedAt + takeoverS * 1000),
            ),
        );
        add(
          "signals open at the kill that went on",
          `${continued.length} of ${openAtKill.length}`,
          "all, at least 1",
          openAtKill.length > 0 && continued.length === openAtKill.length,
        );

        // Every transition after the reconnections reached every client.
        const later = afterKill.rows.filter(
          (t) => t.recorded_at > listeningFrom && t.recorded_at < until,
        );
        let missed = 0;
        for (const transition of later) {
          const status = STATUS_OF_KIND[transition.kind];
          for (const client of clients) {
            if (!client.heard.some((h) => h.id === transition.signal_id && h.status === status))
              missed++;
          }
        }
        add(
          "transitions after the reconnections not heard by a client",
          `${missed} (of ${later.length} transitions × ${clients.length} clients)`,
          "0",
          missed === 0,
        );

        // A screen that reconnects fetches the current signals: they are what the database holds.
        let stale = 0;
        const reads = reduced ? 10 : 50;
        for (let i = 0; i < reads; i++) {
          let fresh = false;
          for (let attempt = 0; attempt < 3 && !fresh; attempt++) {
            const answer = (
              await ask(`${topology.url}/api/signals/current`, { headers: { cookie } })
            ).body as {
              data?: {
                signals: { model: string; signal: { id: string; status: string } | null }[];
              };
            };
            const latest = await db.query<{ model: string; id: string; status: string }>(
              "select distinct on (model) model, id, status from signals order by model, generated_at desc",
            );
            fresh =
              answer.data?.signals.every(({ model, signal }) => {
                const row = latest.rows.find((r) => r.model === model);
                // A model with nothing today shows null; the database's latest is then an earlier day's.
                return signal === null || (row?.id === signal.id && row.status === signal.status);
              }) === true;
            // A transition committed between the two reads is not a stale answer: read both again.
            if (!fresh) await sleep(1200);
          }
          if (!fresh) stale++;
        }
        add(
          "current-signals reads that differ from the database",
          `${stale} of ${reads}`,
          "0",
          stale === 0,
        );

        const successorHealth = successor ? await healthOf(successor.url) : undefined;
        add(
          "the killed process back and serving",
          (await healthOf(leader.url)) ? `yes (restarted ${leader.restarts}×)` : "no",
          "yes",
          (await healthOf(leader.url)) !== undefined && successorHealth !== undefined,
        );
        return figures;
      } finally {
        await db.end();
      }
    });
  },
};
