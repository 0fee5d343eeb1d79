/**
 * Drill 5: load across the nodes. 2,000 subscribers sign in at once through HAProxy, each from an address
 * of its own (X-Forwarded-For, believed from HAProxy only), then each opens a signed-in socket; the sockets
 * spread over the two processes. Reported: errors and the sign-in's p99 (argon2id bounds it); then every
 * socket must hear the next signal transition, whichever process it sits on and whichever runs the engine.
 *
 * The subscribers are written straight into the database first, as copies of the demo trader (the same
 * password hash, access to every instrument, the risk disclosure accepted): registering 2,000 accounts
 * through e-mailed codes is not what this drill measures.
 */
import { TRADER } from "@kalpa/testkit/demo";
import pg from "pg";
import type { WatchingClient } from "./support/clients";
import { type Drill, figuresOf, sleep, waitFor } from "./support/drill";
import { ask, withoutNodeCookie } from "./support/http";
import { withTopology } from "./support/topology";

/** The seeded subscribers share the demo trader's password hash (seedSubscribers). */
const PASSWORD = TRADER.password;

async function seedSubscribers(url: string, count: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const names = Array.from({ length: count }, (_, i) => `drill${String(i + 1).padStart(5, "0")}`);
    await db.query("begin");
    await db.query(
      `insert into users (username, email, name, mobile, password_hash, role, verified_at)
       select n, n || '@drill.example', 'Drill subscriber', '9' || lpad((row_number() over ())::text, 9, '0'),
              t.password_hash, 'user', now()
       from unnest($1::text[]) as n, (select password_hash from users where username = 'trader') t`,
      [names],
    );
    await db.query(
      `insert into subscriptions (user_id, instrument, active, started_at, expires_at)
       select u.id, i, true, now(), now() + interval '30 days'
       from users u, unnest(array['Nifty', 'BankNifty', 'CrudeOil']) as i
       where u.username = any($1)`,
      [names],
    );
    await db.query(
      `insert into rda_acceptances (user_id, version, accepted_at)
       select u.id, r.version, now() from users u,
         (select a.version from rda_acceptances a join users t on t.id = a.user_id
          where t.username = 'trader' order by a.version desc limit 1) r
       where u.username = any($1)`,
      [names],
    );
    await db.query("commit");
    return names;
  } finally {
    await db.end();
  }
}

/** The p-th percentile of some numbers. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const loadAcrossNodesDrill: Drill = {
  name: "load",
  title: "2,000 sign-ins and sockets across two processes",
  async run({ reduced, log }) {
    const { figures, add } = figuresOf("load");
    const count = reduced ? 200 : 2000;
    return withTopology({ base: 8510, env: { SIM_CLOCK_SPEED: "60" }, log }, async (topology) => {
      const names = await seedSubscribers(topology.postgres.url, count);
      log(`${count} subscribers written; signing them in at once`);

      // Each node's liveness check, asked directly through the surge (HAProxy takes a node out after two
      // checks slower than 5 s).
      let surging = true;
      const liveMs: number[] = [];
      const watchers = topology.nodes.map(async (node) => {
        while (surging) {
          const answer = await ask(`${node.url}/api/health/live`, { timeoutMs: 10_000 });
          liveMs.push(answer.status === 200 ? answer.ms : 10_000);
          await sleep(250);
        }
      });
      const started = performance.now();
      const signIns = await Promise.all(
        names.map(async (username, i) => {
          const answer = await ask(`${topology.url}/api/auth/login`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              origin: topology.url,
              // Each subscriber from an address of its own (HAProxy appends the one it sees).
              "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
            body: JSON.stringify({ username, password: PASSWORD }),
            timeoutMs: 120_000,
          });
          // Without HAProxy's node cookie: each socket lands where the front sends it.
          const cookie = withoutNodeCookie(
            answer.headers
              .getSetCookie()
              .map((line) => line.split(";")[0])
              .join("; "),
          );
          return { status: answer.status, ms: answer.ms, cookie };
        }),
      );
      const wallS = (performance.now() - started) / 1000;
      surging = false;
      await Promise.all(watchers);
      add(
        "liveness check during the surge: p99 / slowest",
        `${percentile(liveMs, 99).toFixed(0)} ms / ${Math.max(...liveMs).toFixed(0)} ms`,
        "< 5,000 ms (HAProxy's check timeout)",
        Math.max(...liveMs) < 5000,
      );
      const failed = signIns.filter((s) => s.status !== 200);
      add(
        `sign-ins at once (${count}) that failed`,
        failed.length === 0
          ? "0"
          : `${failed.length} (${[...new Set(failed.map((s) => s.status))].join(", ")})`,
        "0",
        failed.length === 0,
      );
      const times = signIns.map((s) => s.ms);
      add(
        "sign-in latency p50 / p99 (argon2id on 2 cores)",
        `${(percentile(times, 50) / 1000).toFixed(1)} s / ${(percentile(times, 99) / 1000).toFixed(1)} s, all in ${wallS.toFixed(1)} s (${(count / wallS).toFixed(0)} a second)`,
        "reported",
        true,
      );

      const clients: WatchingClient[] = [];
      for (let i = 0; i < signIns.length; i += 200) {
        const batch = signIns.slice(i, i + 200).filter((s) => s.status === 200);
        await Promise.all(
          batch.map(async (s) => clients.push(...(await topology.openClients(s.cookie, 1)))),
        );
      }
      const connected = clients.filter((c) => c.socket.connected).length;
      add("signed-in sockets connected", `${connected} of ${count}`, "all", connected === count);

      // The next transition the engine commits: every socket hears it.
      const db = new pg.Client({ connectionString: topology.postgres.url });
      await db.connect();
      try {
        const since = new Date();
        const transition = await waitFor(
          async () => {
            const row = (
              await db.query<{ signal_id: string; kind: string }>(
                "select signal_id, kind from signal_events where recorded_at > $1 order by recorded_at limit 1",
                [since],
              )
            ).rows[0];
            return row;
          },
          180_000,
          250,
        );
        if (!transition) {
          add("sockets hearing the next transition", "no transition within 180 s", "all", false);
          return figures;
        }
        await sleep(3000);
        const heard = clients.filter((c) =>
          c.heard.some((h) => h.id === transition.signal_id && h.status === transition.kind),
        ).length;
        add(
          "sockets hearing the next transition (whichever process they sit on)",
          `${heard} of ${clients.length} (${transition.kind} of ${transition.signal_id})`,
          "all",
          heard === clients.length && clients.length > 0,
        );
      } finally {
        await db.end();
      }
      const crashed = topology.nodes.filter((node) => node.restarts > 0).length;
      add("processes crashed", crashed, "0", crashed === 0);
      return figures;
    });
  },
};
