/**
 * Runs the Web Push double on its own: `npm start --workspace @kalpa/push-double -- [flags]`. Flags win
 * over the environment:
 *
 *   --port       PUSH_DOUBLE_PORT       8790 (0: any free port)
 *   --host       PUSH_DOUBLE_HOST       127.0.0.1
 *   --tls        PUSH_DOUBLE_TLS=1      serve HTTPS with a fresh self-signed certificate
 *   --cert-file  PUSH_DOUBLE_CERT_FILE  where to write that certificate (for NODE_EXTRA_CA_CERTS)
 *
 * It prints its endpoint base and the test controls, and stops on Ctrl-C or SIGTERM.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PUSH_DOUBLE_DEFAULTS, startPushDouble } from "./double";

const USAGE = `Usage: npm start --workspace @kalpa/push-double -- [--port ${PUSH_DOUBLE_DEFAULTS.port}] [--host ${PUSH_DOUBLE_DEFAULTS.host}]
  [--tls] [--cert-file PATH]
Each can also be set as PUSH_DOUBLE_PORT, PUSH_DOUBLE_HOST, PUSH_DOUBLE_TLS=1, PUSH_DOUBLE_CERT_FILE.`;

function fail(message: string): never {
  console.error(`push-double: ${message}\n${USAGE}`);
  process.exit(2);
}

let flags: { port?: string; host?: string; tls?: boolean; "cert-file"?: string; help?: boolean };
try {
  flags = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      tls: { type: "boolean" },
      "cert-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}

const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
};
const portText = flags.port ?? env("PUSH_DOUBLE_PORT");
const port = portText === undefined ? PUSH_DOUBLE_DEFAULTS.port : Number(portText);
if (portText !== undefined && (!/^\d+$/.test(portText) || port > 65535)) {
  fail(`--port: "${portText}" is not a port`);
}
const tls = flags.tls ?? ["1", "true", "yes"].includes(env("PUSH_DOUBLE_TLS") ?? "");
const certFile = flags["cert-file"] ?? env("PUSH_DOUBLE_CERT_FILE");

const double = await startPushDouble({
  port,
  host: flags.host ?? env("PUSH_DOUBLE_HOST"),
  tls,
}).catch((error: unknown) => fail((error as Error).message));

if (double.certificate !== undefined && certFile !== undefined) {
  writeFileSync(certFile, double.certificate);
}

console.log(`Web Push double on ${double.origin}
Endpoints: ${double.endpointBase}<id> (RFC 8030: POST with TTL, aes128gcm and VAPID; 201 Created)
${
  double.tls
    ? `HTTPS with a self-signed certificate${certFile === undefined ? " (--cert-file writes it out)" : ` in ${certFile}: start the sender with NODE_EXTRA_CA_CERTS=${certFile}`}`
    : "Plain HTTP: web-push always uses https.request, so a sender using it needs --tls or an agent"
}
Test controls (JSON):
  POST ${double.origin}/__double/subscriptions               subscribe: { id, endpoint, keys }
  GET  ${double.origin}/__double/subscriptions/<id>/messages the decrypted payloads
  POST ${double.origin}/__double/subscriptions/<id>/expire   then 410 Gone
  POST ${double.origin}/__double/subscriptions/<id>/fail     { "count": 1, "status": 503, "retryAfter": 1 }
  GET  ${double.origin}/__double/stats    POST ${double.origin}/__double/reset
Ctrl-C stops it.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    double.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
