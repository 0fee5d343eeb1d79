import path from "node:path";
import { REPO_ROOT } from "@kalpa/testkit/built-server";

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * How many Playwright workers run journeys at once: each has a shared server of its own (global-setup.ts
 * starts one per worker), so two files never meet in one database, one mailbox or one account's sessions.
 * One by default: on two cores, two workers (each a server and a browser) finished about 1.2 times as
 * much work per minute and made first loads slow enough to miss their waits; on more cores, raise it.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
/** This worker's place among them (Playwright sets it in each worker; 0 in the runner itself). */
export const E2E_WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** A worker's shared server listens here; its journeys' own servers and doubles on the next ports. */
export const portOf = (worker: number) => Number(process.env.E2E_PORT ?? 3107) + 20 * worker;
export const E2E_PORT = portOf(E2E_WORKER);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export { REPO_ROOT };
export const ARTIFACTS_DIR = path.join(REPO_ROOT, "e2e", ".artifacts");
/** Where a worker's capturing SMTP server stores every message, one JSON file each. */
export const mailDirOf = (worker: number) => path.join(ARTIFACTS_DIR, `mail-${worker}`);
export const MAIL_DIR = mailDirOf(E2E_WORKER);
/**
 * The shared server's secrets key (32 bytes, base64), so that a journey can make what the server signs with
 * it, as an alert e-mail's unsubscribe link.
 */
export const E2E_SECRETS_KEY = Buffer.alloc(32, 0x5a).toString("base64");

/**
 * The operator the shared server shows (global-setup.ts): production refuses the example contacts of
 * apps/server/src/config/env.ts, so the journeys' server has these instead.
 */
export const E2E_OPERATOR = {
  name: "Asha Rao",
  email: "asha.rao@kalpa.test",
  phone: "+91 98765 43210",
  whatsapp: "919876543210",
} as const;
