/**
 * The embedded database's memory (issue 39, decision 042). PGlite runs PostgreSQL inside the process's
 * WebAssembly memory, which grows and never shrinks, so PostgreSQL's buffers are the process's resident
 * memory. Its defaults are a server's (128 MB of shared buffers); these bound it for a small one.
 * PGLITE_SETTINGS replaces them (`name=value`, comma-separated; `default` keeps PGlite's own).
 */

/** The settings the embedded database starts with unless PGLITE_SETTINGS says otherwise. */
export const DEFAULT_PGLITE_SETTINGS: readonly string[] = [
  // The shared buffer pool: the largest fixed block of the WebAssembly memory (PGlite's default 128 MB).
  "shared_buffers=16MB",
  // One sort or hash before it spills to a temporary file (default 4 MB).
  "work_mem=2MB",
  // Index builds and vacuum (default 64 MB): the migrations' and the first start's.
  "maintenance_work_mem=16MB",
  // Write-ahead log buffers (default: 1/32 of shared_buffers) and per-session temporary tables.
  "wal_buffers=1MB",
  "temp_buffers=2MB",
  // The write-ahead log kept between checkpoints (default 1 GB): on disk, but written through memory.
  "max_wal_size=128MB",
  "min_wal_size=32MB",
];

const SETTING = /^[a-z_]+=[A-Za-z0-9._-]+$/;

/** PGLITE_SETTINGS read: undefined when it is malformed. */
export function parsePgliteSettings(value: string | undefined): readonly string[] | undefined {
  if (value === undefined || value.trim() === "") return DEFAULT_PGLITE_SETTINGS;
  if (value.trim() === "default") return [];
  const settings = value.split(",").map((setting) => setting.trim());
  return settings.every((setting) => SETTING.test(setting)) ? settings : undefined;
}

/** PGlite's start parameters with `settings` added (`-c name=value` each). */
export function pgliteStartParams(
  defaults: readonly string[],
  settings: readonly string[],
): string[] {
  return [...defaults, ...settings.flatMap((setting) => ["-c", setting])];
}
