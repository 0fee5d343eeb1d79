/**
 * Drill 6: one process on the embedded database (PGlite, the `npm start` default), killed with SIGKILL
 * while it writes. An admin records grants (each a contribution, the access it opens, an audit entry, in
 * one transaction) from several workers at once; the process is killed in the middle; the next start must
 * open the same data folder, and every grant that was answered 200 before the kill must be there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADMIN } from "@kalpa/testkit/demo";
import { signIn } from "@kalpa/testkit/http";
import { type Drill, figuresOf, sleep, waitFor } from "./support/drill";
import { ask } from "./support/http";

const SERVER_ENTRY = fileURLToPath(new URL("../apps/server/dist/server.js", import.meta.url));
const PORT = 8410;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WORKERS = 4;

function startEmbedded(dataDir: string): ChildProcess {
  return spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      // The writes are the admin's; the market engine would add its own.
      MARKET_ENGINE: "false",
    },
    stdio: "ignore",
  });
}

/** Milliseconds from the spawn until the health check answers "ok", or undefined if it never does. */
async function readyAfter(child: ChildProcess, timeoutMs: number): Promise<number | undefined> {
  const started = performance.now();
  const ready = await waitFor(
    async () => {
      if (child.exitCode !== null) return false;
      const answer = await ask(`${ORIGIN}/api/health`, { timeoutMs: 1000 });
      const status = (answer.body as { data?: { status?: string } } | undefined)?.data?.status;
      return status === "ok" || status === "degraded" ? true : undefined;
    },
    timeoutMs,
    100,
  );
  return ready === true ? performance.now() - started : undefined;
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));
}

export const embeddedKillDrill: Drill = {
  name: "embedded",
  title: "kill -9 an embedded-database process during writes",
  async run({ reduced, log }) {
    const { figures, add } = figuresOf("embedded");
    const rounds = reduced ? 1 : 3;
    const dataDir = mkdtempSync(path.join(tmpdir(), "kalpa-drill-embedded-"));
    let child = startEmbedded(dataDir);
    const answered: string[] = [];
    let notAnswered = 0;
    let badAnswers = 0;
    let failedStarts = 0;
    const startMs: number[] = [];
    try {
      if ((await readyAfter(child, 180_000)) === undefined)
        throw new Error("the first start never got ready");
      for (let round = 1; round <= rounds; round++) {
        const cookie = await signIn(ORIGIN, ADMIN);
        const found = (await ask(`${ORIGIN}/api/admin/users?q=trader`, { headers: { cookie } }))
          .body as {
          data: { users: { id: string; username: string }[] };
        };
        const trader = found.data.users.find((user) => user.username === "trader");
        if (!trader) throw new Error("the demo trader is missing");

        // Writers grant a day at a time, each with its own reference, until the process dies.
        const receivedOn = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
        let sent = 0;
        const writers = Array.from({ length: WORKERS }, async (_, worker) => {
          for (let i = 0; ; i++) {
            const reference = `drill-${round}-${worker}-${i}`;
            sent++;
            const answer = await ask(`${ORIGIN}/api/admin/users/${trader.id}/grants`, {
              method: "POST",
              headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
              body: JSON.stringify({
                instruments: ["Nifty"],
                days: 1,
                contribution: { amountRupees: 1, method: "complimentary", reference, receivedOn },
              }),
              timeoutMs: 5000,
            });
            if (answer.status === 200) answered.push(reference);
            else if (answer.status === 0) {
              notAnswered++;
              return;
            } else if (answer.status === 429) {
              await sleep(1000);
            } else {
              badAnswers++;
              if (badAnswers === 1) log(`refused: ${answer.status} ${answer.text.slice(0, 200)}`);
              await sleep(200);
            }
          }
        });
        // Kill it once a few grants are in, while the others are in flight.
        await waitFor(() => (answered.length >= round * 12 ? true : undefined), 60_000, 20);
        log(
          `round ${round}: killing the process after ${answered.length} answered grants (${sent} sent)`,
        );
        child.kill("SIGKILL");
        await Promise.all(writers);
        await exited(child);

        child = startEmbedded(dataDir);
        const took = await readyAfter(child, 120_000);
        if (took === undefined) {
          failedStarts++;
          break;
        }
        startMs.push(took);
      }

      add("abrupt stops (SIGKILL during writes)", rounds, reduced ? "1" : "3", true);
      add(
        "starts on the same data folder afterwards",
        `${startMs.length} of ${rounds} (ready after ${startMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")})`,
        "all",
        failedStarts === 0 && startMs.length === rounds,
      );
      // Every answered grant is there.
      const cookie = await signIn(ORIGIN, ADMIN);
      const found = (await ask(`${ORIGIN}/api/admin/users?q=trader`, { headers: { cookie } }))
        .body as {
        data: { users: { id: string; username: string }[] };
      };
      const traderId = found.data.users.find((user) => user.username === "trader")?.id;
      const detail = (await ask(`${ORIGIN}/api/admin/users/${traderId}`, { headers: { cookie } }))
        .body as {
        data: { contributions: { reference: string }[] };
      };
      const stored = new Set(detail.data.contributions.map((c) => c.reference));
      const lost = answered.filter((reference) => !stored.has(reference));
      add(
        "answered writes missing after the restart",
        `${lost.length} of ${answered.length}`,
        "0",
        lost.length === 0 && answered.length > 0,
      );
      add(
        "writes refused with an error (not 200, 429 or no answer)",
        badAnswers,
        "0",
        badAnswers === 0,
      );
      log(
        `${notAnswered} writes were in flight at a kill (no answer: the writer does not know, either way)`,
      );
      return figures;
    } finally {
      child.kill("SIGKILL");
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
