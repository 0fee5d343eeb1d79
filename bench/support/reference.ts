/**
 * Starts the bare Fastify reference (support/bare-fastify.ts) in its own process; answers its URL and stop.
 * `answersFile` adds its like-for-like answers at /answer/N.
 */
import { spawn } from "node:child_process";
import path from "node:path";

export async function startBareFastify(port: number, answersFile?: string) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(import.meta.dirname, "bare-fastify.ts"),
      String(port),
      ...(answersFile ? [answersFile] : []),
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited with ${child.exitCode}`);
    const up = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid as number,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
