/**
 * Starts what the journeys run against, once for each Playwright worker (E2E_WORKERS): the capturing SMTP
 * server, then the production build of the site (node apps/server/dist/server.js) with the production
 * configuration (NODE_ENV=production), on a throwaway embedded database with demo data, and waits until it
 * is ready (/api/health no longer "starting": the demo journal and the forecasts are written). The first
 * start writes the demo data once; the other workers' servers start on copies of it (a restart on seeded
 * data takes seconds, a first start most of a minute of both cores). Returns the teardown.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  assertBuilt,
  spawnBuiltServer,
  stopProcess,
  waitForHealth,
} from "@kalpa/testkit/built-server";
import {
  CHROMIUM_PATH,
  E2E_OPERATOR,
  E2E_SECRETS_KEY,
  E2E_WORKERS,
  mailDirOf,
  portOf,
} from "./environment";
import { startMailCapture } from "./mail-capture";

export default async function globalSetup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}. Install Debian's package (apt-get install chromium) ` +
        "or set CHROMIUM_PATH.",
    );
  }
  assertBuilt({ web: true });
  const running: WorkerServer[] = [];
  const teardown = async () => {
    await Promise.all(running.map((server) => server.stop()));
  };
  try {
    const first = await startWorkerServer(0, await mkdtemp(path.join(tmpdir(), "kalpa-e2e-")));
    running.push(first);
    if (E2E_WORKERS > 1) {
      // Stopped while the others' copies are made: the embedded database is copied whole and at rest.
      await first.stopServer();
      const copies = await Promise.all(
        Array.from({ length: E2E_WORKERS - 1 }, async () => {
          const dir = await mkdtemp(path.join(tmpdir(), "kalpa-e2e-"));
          await cp(first.dataDir, dir, { recursive: true });
          return dir;
        }),
      );
      await first.restart();
      const others = await Promise.allSettled(
        copies.map((dir, i) => startWorkerServer(i + 1, dir)),
      );
      for (const result of others) if (result.status === "fulfilled") running.push(result.value);
      const failed = others.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

interface WorkerServer {
  dataDir: string;
  /** Stops the server only (its mail capture and data stay). */
  stopServer(): Promise<void>;
  /** Starts it again on its data and waits until it is ready. */
  restart(): Promise<void>;
  /** Stops the server and its mail capture, and deletes its data. */
  stop(): Promise<void>;
}

/** One worker's mail capture and shared server on `dataDir`, started and ready. */
async function startWorkerServer(worker: number, dataDir: string): Promise<WorkerServer> {
  const port = portOf(worker);
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = mailDirOf(worker);
  await rm(mailDir, { recursive: true, force: true });
  const mail = await startMailCapture(mailDir);
  const env = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PUBLIC_URL: baseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SECRETS_KEY: E2E_SECRETS_KEY,
    SEED_DEMO: "true",
    SMTP_URL: mail.url,
    MAIL_FROM: "Kalpa <no-reply@kalpa.test>",
    OPERATOR_NAME: E2E_OPERATOR.name,
    OPERATOR_EMAIL: E2E_OPERATOR.email,
    OPERATOR_PHONE: E2E_OPERATOR.phone,
    OPERATOR_WHATSAPP: E2E_OPERATOR.whatsapp,
    LOG_LEVEL: "warn",
  };
  let server: ChildProcess | undefined;
  const start = async () => {
    const child = spawnBuiltServer({
      nodeArgs: ["--enable-source-maps"],
      env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    server = child;
    try {
      await waitForHealth(baseUrl, { child, timeoutMs: 120_000 });
    } catch (error) {
      child.kill("SIGKILL");
      server = undefined;
      throw error;
    }
  };
  const stopServer = async () => {
    if (server) await stopProcess(server);
    server = undefined;
  };
  try {
    await start();
  } catch (error) {
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    dataDir,
    stopServer,
    restart: start,
    async stop() {
      await stopServer();
      await mail.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
