/**
 * Runs the RFC 3161 double on its own: `npm start --workspace @kalpa/tsa-double`.
 *
 *   TSA_DOUBLE_PORT  8792 (0: any free port)
 *   TSA_DOUBLE_HOST  127.0.0.1
 *   TSA_DOUBLE_CERT  where to write its certificate (PEM), for kalpa-verify --tsa-cert; default tsa-double.pem
 *
 * It prints the URL to give the site (LEDGER_TSA_URL) and stops on Ctrl-C or SIGTERM. Its key lives only as
 * long as the process: tokens from an earlier run verify with that run's certificate.
 */
import { writeFile } from "node:fs/promises";
import { startTsaDouble } from "./double";

function fail(message: string): never {
  console.error(`tsa-double: ${message}`);
  process.exit(2);
}

const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
};

const portText = env("TSA_DOUBLE_PORT") ?? "8792";
const port = Number(portText);
if (!(/^\d+$/.test(portText) && port < 65536)) fail(`TSA_DOUBLE_PORT: "${portText}" is not a port`);

const double = await startTsaDouble({ port, host: env("TSA_DOUBLE_HOST") ?? "127.0.0.1" }).catch(
  (error: unknown) => fail((error as Error).message),
);
const certFile = env("TSA_DOUBLE_CERT") ?? "tsa-double.pem";
await writeFile(certFile, double.certificatePem);

console.log(`RFC 3161 time-stamping double on ${double.url}
Give the site:

  LEDGER_TSA_URL=${double.url}

Its certificate is in ${certFile}: kalpa-verify --key key.json --tsa-cert ${certFile} bundle.json
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
