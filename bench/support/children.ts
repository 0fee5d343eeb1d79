/**
 * What the benches that fork a server and clients share: a child's CPU time from /proc, and a command sent
 * to a child with its answer awaited.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** CPU time (user + system) of a process so far, in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/**
 * CPU ms used so far by every process of this machine named `name` (PostgreSQL's backends, say), read
 * from /proc: a process that exits between two readings takes its time with it, so compare readings
 * taken while the same connections stay open.
 */
export function cpuMsOfProcessesNamed(name: string): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (command === name) total += cpuMs(Number(entry));
    } catch {
      // Gone since the listing.
    }
  }
  return total;
}

/** Sends a command to a child (none: only waits) and waits for its answer of the given type. */
export function ask<M extends { type: string }, T extends M["type"]>(
  child: ChildProcess,
  command: object | undefined,
  type: T,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code}`));
    child.on("message", onMessage);
    child.once("exit", onExit);
    if (command) child.send(command);
  });
}
