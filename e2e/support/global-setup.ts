/**
 * Starts what the journeys run against: the capturing SMTP server, then the production build of the site
 * (node apps/server/dist/server.js) with the production configuration (NODE_ENV=production), on a
 * throwaway embedded database with demo data, and waits until it is ready (/api/health no longer
 * "starting": the demo journal and the forecasts are written). Returns the teardown.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CHROMIUM_PATH,
  E2E_BASE_URL,
  E2E_OPERATOR,
  E2E_PORT,
  E2E_SECRETS_KEY,
  MAIL_DIR,
  REPO_ROOT,
  serverIsReady,
} from "./environment";
import { startMailCapture } from "./mail-capture";

export default async function globalSetup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}. Install Debian's package (apt-get install chromium) ` +
        "or set CHROMIUM_PATH.",
    );
  }
  const serverEntry = path.join(REPO_ROOT, "apps/server/dist/server.js");
  const webIndex = path.join(REPO_ROOT, "apps/web/dist/index.html");
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error("The production build is missing: run `npm run build` first.");
  }

  await rm(MAIL_DIR, { recursive: true, force: true });
  const mail = await startMailCapture(MAIL_DIR);
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-e2e-"));
  const server = spawn(process.execPath, ["--enable-source-maps", serverEntry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PUBLIC_URL: E2E_BASE_URL,
      PORT: String(E2E_PORT),
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
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(server);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (await serverIsReady(E2E_BASE_URL)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGKILL");
  throw new Error(`the server was not ready (${E2E_BASE_URL}/api/health) within 60 s`);
}
