/**
 * The reference a read is measured beside: a bare Fastify answering `{"hello":"world"}` on GET /, in a
 * process of its own as the server under test is (`node --import tsx bare-fastify.ts PORT`).
 */
import Fastify from "fastify";

const port = Number(process.argv[2] ?? 3290);
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port, host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
