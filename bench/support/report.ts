/**
 * What every bench shares: the database it runs on (DATABASE_URL and REDIS_URL pass through to the server),
 * PASS/FAIL verdicts printed at the end, and one autocannon run turned into a table row with its verdicts.
 */
import autocannon from "autocannon";

/** DATABASE_URL and REDIS_URL from the bench's environment, for the server under test. */
export function databaseEnv() {
  const env = Object.fromEntries(
    ["DATABASE_URL", "REDIS_URL"].flatMap((name) => {
      const value = process.env[name];
      return value ? [[name, value]] : [];
    }),
  );
  return { env, onPostgres: env.DATABASE_URL !== undefined };
}

export function createVerdicts() {
  const lines: string[] = [];
  return {
    check(label: string, ok: boolean) {
      lines.push(`${ok ? "PASS" : "FAIL"}  ${label}`);
    },
    print() {
      console.log(`\n${lines.join("\n")}`);
    },
  };
}

export interface LoadCase {
  name: string;
  options: autocannon.Options;
  minRps: number;
  maxP99: number;
}

/** Runs one case; answers its table row, having checked throughput, p99 and that every answer was 2xx. */
export async function runLoadCase(
  c: LoadCase,
  durationS: number,
  verdicts: ReturnType<typeof createVerdicts>,
): Promise<Record<string, string | number>> {
  const result = await autocannon({ ...c.options, duration: durationS });
  const rps = Math.round(result.requests.average);
  verdicts.check(`${c.name}: ${rps} req/s (target > ${c.minRps})`, rps > c.minRps);
  verdicts.check(
    `${c.name}: p99 ${result.latency.p99} ms (target < ${c.maxP99})`,
    result.latency.p99 < c.maxP99,
  );
  verdicts.check(
    `${c.name}: no errors or non-2xx answers`,
    result.errors === 0 && result.non2xx === 0,
  );
  return {
    endpoint: c.name,
    connections: c.options.connections ?? 10,
    "req/s": rps,
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The q-quantile of ascending values (nearest rank). */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  ] as number;
}
