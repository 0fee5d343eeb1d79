/**
 * The reference a connection storm is measured beside: a bare socket.io server (websocket and polling, as
 * Kalpa's hub) that puts a landing socket (query type=home) in the home room and nothing else, in a process
 * of its own as the server under test is (`node --import tsx bare-socketio.ts PORT`).
 */
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.argv[2] ?? 3292);
const http = createServer();
const io = new Server(http, { serveClient: false, transports: ["websocket", "polling"] });
io.on("connection", (socket) => {
  if (socket.handshake.query.type === "home") void socket.join("home");
});
http.listen(port, "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => {
  io.close();
  process.exit(0);
});
