/**
 * Starts what the journeys run against: the capturing SMTP server, then the production build of the site
 * (node apps/server/dist/server.js) with the production configuration (NODE_ENV=production), on a
 * throwaway embedded database with demo data, and waits until it is ready (/api/health no longer
 * "starting": the demo journal and the forecasts are written). Returns the teardown.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
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
  E2E_BASE_URL,
  E2E_OPERATOR,
  E2E_PORT,
  E2E_SECRETS_KEY,
  MAIL_DIR,
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

  await rm(MAIL_DIR, { recursive: true, force: true });
  const mail = await startMailCapture(MAIL_DIR);
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-e2e-"));
  const server = spawnBuiltServer({
    nodeArgs: ["--enable-source-maps"],
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
  try {
    await waitForHealth(E2E_BASE_URL, { child: server, timeoutMs: 60_000 });
  } catch (error) {
    server.kill("SIGKILL");
    throw error;
  }

  return async () => {
    await stopProcess(server);
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
