// `npm run dev`: the API with reload (tsx watch, :3000) and the Vite dev server (:5173, proxying /api and
// /socket.io to the API), stopped together with Ctrl-C.
import { spawn } from "node:child_process";
import path from "node:path";

// One data folder for `npm start` and `npm run dev`, whichever folder the server runs from.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve("data") };

const children = [
  spawn("npm", ["run", "dev", "--workspace", "@kalpa/server"], { stdio: "inherit", env }),
  spawn("npm", ["run", "dev", "--workspace", "@kalpa/web"], { stdio: "inherit", env }),
];
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
