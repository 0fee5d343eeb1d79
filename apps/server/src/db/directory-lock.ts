/**
 * One process at a time may open the embedded database: two would corrupt it. The lock is a file holding
 * the owner's pid, put in place atomically (written beside it, then hard-linked, which fails if the lock
 * exists), so no one ever reads a half-written lock. A lock left by a process that no longer runs is taken
 * over, including one that names our own pid (a container restarts its server as pid 1). This guards against
 * an accidental second start, not against processes racing on a stale lock.
 */
import { link, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export class DirectoryLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Another Kalpa process (pid ${pid}) is using the embedded database in ${dir}. ` +
        "Stop it, or point DATA_DIR at another folder.",
    );
    this.name = "DirectoryLockedError";
  }
}

/** Locks this process holds now; a lock file naming our pid but not listed here is a past life's. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws DirectoryLockedError; resolves to a function that releases it. */
export async function acquireDirectoryLock(
  dir: string,
  name: string,
): Promise<() => Promise<void>> {
  const file = path.join(dir, name);
  const candidate = `${file}.${process.pid}`;
  await writeFile(candidate, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await link(candidate, file);
        held.add(file);
        return async () => {
          held.delete(file);
          await rm(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const owner = Number.parseInt(await readFile(file, "utf8").catch(() => ""), 10);
        // Our own pid in a lock we do not hold: the previous run of a process that always gets the same
        // pid (pid 1 in a container) crashed. Any other live pid holds it.
        const ours = owner === process.pid && !held.has(file);
        if (Number.isInteger(owner) && !ours && isRunning(owner)) {
          throw new DirectoryLockedError(dir, owner);
        }
        await rm(file, { force: true });
      }
    }
    throw new Error(`Could not take the lock ${file}`);
  } finally {
    await rm(candidate, { force: true });
  }
}
