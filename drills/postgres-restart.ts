/**
 * Drill 3: PostgreSQL restarts (stopped, away for a while, started again) under a steady load through
 * HAProxy. While it is away, every answer must come quickly (a 503 with the usual envelope, or a kept
 * answer), never a hang; the engine must pause its writes without losing them (the minute bars of the
 * outage are there afterwards, no transition is doubled or missing from the ledger); and everything must
 * recover by itself, without a process being restarted.
 */

import { TRADER } from "@kalpa/testkit/demo";
import { signIn } from "@kalpa/testkit/http";
import pg from "pg";
import { type Drill, figuresOf, sleep, waitFor } from "./support/drill";
import { type Answer, ask, withoutNodeCookie } from "./support/http";
import { doubledTransitions, unledgeredTransitions } from "./support/ledger";
import { steadyLoad } from "./support/load";
import { healthOf, leaderOf, withTopology } from "./support/topology";

const READS = [
  "/api/auth/me",
  "/api/subscription/status",
  "/api/signals/current",
  "/api/market/snapshots",
  "/api/paper/history?model=Nifty:KalpaVruksha&days=7",
  "/api/profile",
];
const SLOWEST_TARGET_MS = 5000;

/** Whether an answer is the API's error envelope with a message. */
function isEnvelope(answer: Answer): boolean {
  const body = answer.body as { success?: unknown; error?: unknown } | undefined;
  return body?.success === false && typeof body.error === "string" && body.error.length > 0;
}

export const postgresRestartDrill: Drill = {
  name: "postgres",
  title: "PostgreSQL restarts",
  async run({ reduced, log }) {
    const { figures, add } = figuresOf("postgres");
    const awayMs = reduced ? 10_000 : 20_000;
    // The market runs 10 times as fast, so the outage spans minutes of bars the engine must write.
    return withTopology({ base: 8310, env: { SIM_CLOCK_SPEED: "10" }, log }, async (topology) => {
      const pids = topology.nodes.map((node) => node.pid());
      const cookie = withoutNodeCookie(await signIn(topology.url, TRADER));
      const clients = await topology.openClients(cookie, reduced ? 10 : 40);
      const load = steadyLoad(topology.url, cookie, {
        paths: READS,
        workers: 4,
        pauseMs: 25,
        timeoutMs: 15_000,
      });
      await sleep(3000);

      log(`stopping PostgreSQL for ${awayMs / 1000} s`);
      const stoppedAt = performance.now();
      topology.postgres.stop();
      await sleep(awayMs);
      topology.postgres.start();
      const startedAt = performance.now();
      log("PostgreSQL is back");

      // Recovered: every read answered 200 again, and a process runs the engine.
      const recovered = await waitFor(
        async () => {
          const answers = await Promise.all(
            READS.map((path) => ask(`${topology.url}${path}`, { headers: { cookie } })),
          );
          return answers.every((a) => a.status === 200) && (await leaderOf(topology.nodes))
            ? performance.now()
            : undefined;
        },
        60_000,
        250,
      );
      await sleep(reduced ? 5000 : 10_000);
      await load.stop();

      const during = load.answers.filter(
        (a) => a.startedAt >= stoppedAt && a.startedAt < startedAt,
      );
      const refusedWell = during.filter((a) => a.status === 503 && isEnvelope(a));
      const kept = during.filter((a) => a.status === 200);
      const bad = during.filter((a) => !(a.status === 200 || (a.status === 503 && isEnvelope(a))));
      const slowest = Math.max(0, ...during.map((a) => a.ms));
      add(
        "answers while it was away: kept 200 / 503 with the envelope / other",
        `${kept.length} / ${refusedWell.length} / ${bad.length}`,
        "other 0",
        bad.length === 0 && during.length > 0,
      );
      if (bad.length > 0) {
        const kinds = [...new Set(bad.map((a) => `${a.status} ${a.path}`))].slice(0, 5);
        log(`other answers: ${kinds.join("; ")}`);
      }
      add(
        "slowest answer while it was away",
        `${slowest.toFixed(0)} ms`,
        `≤ ${SLOWEST_TARGET_MS} ms`,
        slowest <= SLOWEST_TARGET_MS,
      );
      add(
        "every read answering again after it returned",
        recovered ? `after ${((recovered - startedAt) / 1000).toFixed(1)} s` : "not within 60 s",
        "by itself, ≤ 30 s",
        recovered !== undefined && recovered - startedAt <= 30_000,
      );
      const after = load.answers.filter((a) => recovered !== undefined && a.startedAt > recovered);
      add(
        "answers after recovery that were not 200",
        `${after.filter((a) => a.status !== 200).length} of ${after.length}`,
        "0",
        after.length > 0 && after.every((a) => a.status === 200),
      );
      const dropped = clients.filter((c) => c.disconnectedAt !== undefined);
      add("sockets dropped", `${dropped.length} of ${clients.length}`, "0", dropped.length === 0);

      // The engine's writes: the minute bars of the outage are stored, no transition doubled or unledgered.
      const db = new pg.Client({ connectionString: topology.postgres.url });
      await db.connect();
      try {
        // Each symbol's minute bars of the last half hour of market time (the outage is a few minutes of
        // it at 10 times the pace): as many as the minutes they span, none missing.
        const spans = await db.query<{ symbol: string; bars: number; minutes: number }>(
          `select symbol, count(*)::int as bars,
                  (extract(epoch from max(time) - min(time)) / 60)::int + 1 as minutes
           from market_bars
           where interval = '1m' and time > (select max(time) from market_bars where interval = '1m') - interval '30 minutes'
           group by symbol`,
        );
        const missing = spans.rows.reduce((sum, row) => sum + (row.minutes - row.bars), 0);
        add(
          "minute bars missing around the outage",
          `${missing} (${spans.rows.map((r) => `${r.symbol} ${r.bars}/${r.minutes}`).join(", ")})`,
          "0",
          missing === 0 && spans.rows.length > 0,
        );
        const doubled = await db.query(doubledTransitions);
        add("transitions recorded twice", doubled.rowCount ?? 0, "0", doubled.rowCount === 0);
        const unledgered = await db.query(unledgeredTransitions);
        add(
          "transitions missing from the ledger",
          unledgered.rowCount ?? 0,
          "0",
          unledgered.rowCount === 0,
        );
      } finally {
        await db.end();
      }

      const restarted = topology.nodes.filter(
        (node, i) => node.pid() !== pids[i] || node.restarts > 0,
      );
      const healthy = await Promise.all(topology.nodes.map((node) => healthOf(node.url)));
      add(
        "processes crashed or restarted",
        restarted.length,
        "0",
        restarted.length === 0 && healthy.every((h) => h !== undefined),
      );
      return figures;
    });
  },
};
