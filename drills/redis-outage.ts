/**
 * Drill 2: Redis stops for 30 s under a steady load through HAProxy. Every process must keep answering
 * HTTP and keep its own sockets; the rate limits must hold (each process counts alone while Redis is away,
 * README "What it survives"); events between processes must resume when Redis is back; no process may crash
 * or need a restart.
 */

import { ADMIN, DEMO, TRADER } from "@kalpa/testkit/demo";
import { signIn } from "@kalpa/testkit/http";
import { type Drill, figuresOf, sleep, waitFor } from "./support/drill";
import { ask, withoutNodeCookie } from "./support/http";
import { steadyLoad } from "./support/load";
import { healthOf, leaderOf, withTopology } from "./support/topology";

/** Reads a signed-in screen makes, and public ones, asked in turn by the load. */
const READS = [
  "/api/auth/me",
  "/api/subscription/status",
  "/api/signals/current",
  "/api/market/snapshots",
  "/api/paper/stats?model=Nifty:KalpaVruksha&days=7",
];

export const redisOutageDrill: Drill = {
  name: "redis",
  title: "Redis away for 30 s",
  async run({ reduced, log }) {
    const { figures, add } = figuresOf("redis");
    const awayMs = reduced ? 15_000 : 30_000;
    return withTopology({ base: 8210, log }, async (topology) => {
      const pids = topology.nodes.map((node) => node.pid());
      const cookie = withoutNodeCookie(await signIn(topology.url, TRADER));
      const clients = await topology.openClients(cookie, reduced ? 10 : 50);
      const load = steadyLoad(topology.url, cookie, {
        paths: READS,
        workers: 4,
        pauseMs: 20,
        timeoutMs: 10_000,
      });
      await sleep(3000);

      log(`stopping Redis for ${awayMs / 1000} s`);
      const stoppedAt = performance.now();
      await topology.redis.stop();

      // Sign-in's failure limit while Redis is away: the 6th wrong password for one name is refused.
      await sleep(1000);
      const wrong: number[] = [];
      for (let i = 0; i < 7; i++) {
        const answer = await ask(`${topology.nodes[0]?.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: topology.url },
          body: JSON.stringify({ username: DEMO.username, password: `wrong-${i}` }),
        });
        wrong.push(answer.status);
      }
      const signInWorks = await ask(`${topology.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: topology.url },
        // Another user: a new sign-in of the drill's own user could end the clients' session.
        body: JSON.stringify(ADMIN),
      });

      const healthAway = await Promise.all(
        topology.nodes.map((node) => ask(`${node.url}/api/health`)),
      );

      await sleep(Math.max(0, awayMs - (performance.now() - stoppedAt)));
      const restartedAt = performance.now();
      await topology.redis.start();
      log("Redis is back");
      await sleep(reduced ? 8000 : 15_000);
      await load.stop();

      const during = load.answers.filter(
        (a) => a.startedAt >= stoppedAt && a.startedAt < restartedAt,
      );
      const serverErrors = load.answers.filter((a) => a.status >= 500);
      const unanswered = load.answers.filter((a) => a.status === 0);
      const slowest = Math.max(0, ...during.map((a) => a.ms));
      add(
        "reads answered while Redis was away",
        `${during.filter((a) => a.status === 200).length} of ${during.length}`,
        "all",
        during.length > 0 && during.every((a) => a.status === 200),
      );
      add(
        "5xx answers / no answer (whole drill)",
        `${serverErrors.length} / ${unanswered.length} of ${load.answers.length}`,
        "0 / 0",
        serverErrors.length === 0 && unanswered.length === 0,
      );
      add(
        "slowest read while Redis was away",
        `${slowest.toFixed(0)} ms`,
        "≤ 1,000 ms",
        slowest <= 1000,
      );
      add(
        "a sign-in while Redis was away",
        String(signInWorks.status),
        "200",
        signInWorks.status === 200,
      );
      const limited = wrong.indexOf(429);
      add(
        "wrong passwords for one name until refused (one process, Redis away)",
        limited === -1
          ? `not refused after 7 (${wrong.join(", ")})`
          : `refused at attempt ${limited + 1}`,
        "refused (429) within 7",
        limited !== -1 && wrong.every((status) => status === 401 || status === 429),
      );

      const saysSo = healthAway.filter((answer) => {
        const data = (answer.body as { data?: { status: string; problems?: string[] } }).data;
        return (
          answer.status === 200 &&
          data?.status === "degraded" &&
          data.problems?.some((p) => p.includes("Redis"))
        );
      });
      add(
        "health while Redis was away (HAProxy keeps a node that answers 200)",
        `${saysSo.length} of ${topology.nodes.length} said 200 "degraded", naming Redis`,
        "all",
        saysSo.length === topology.nodes.length,
      );

      const droppedDuring = clients.filter(
        (c) => c.disconnectedAt !== undefined && c.disconnectedAt >= stoppedAt,
      );
      add(
        "sockets dropped",
        `${droppedDuring.length} of ${clients.length}`,
        "0",
        droppedDuring.length === 0,
      );
      const leader = await leaderOf(topology.nodes);
      const heardDuring = clients.filter((c) =>
        c.heardBetween(stoppedAt + 2000, restartedAt),
      ).length;
      add(
        "sockets hearing prices while Redis was away (those on the engine's process)",
        `${heardDuring} of ${clients.length}`,
        "some",
        heardDuring > 0,
      );
      const resumed = await waitFor(
        () =>
          clients.every((c) => c.firstEventFrom(restartedAt) !== undefined) ? true : undefined,
        20_000,
        200,
      );
      const resumeS = Math.max(
        0,
        ...clients.map(
          (c) => ((c.firstEventFrom(restartedAt) ?? Number.POSITIVE_INFINITY) - restartedAt) / 1000,
        ),
      );
      add(
        "every socket hearing prices again after Redis returned",
        resumed ? `after ${resumeS.toFixed(1)} s` : "not within 20 s",
        "≤ 10 s",
        resumed === true && resumeS <= 10,
      );
      const restarted = topology.nodes.filter(
        (node, i) => node.pid() !== pids[i] || node.restarts > 0,
      );
      const healthy = await Promise.all(topology.nodes.map((node) => healthOf(node.url)));
      add(
        "processes crashed or restarted",
        restarted.length,
        "0",
        restarted.length === 0 && healthy.every((h) => h !== undefined) && leader !== undefined,
      );
      return figures;
    });
  },
};
