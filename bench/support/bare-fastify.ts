/**
 * The reference a read is measured beside: a bare Fastify answering `{"hello":"world"}` on GET /, in a
 * process of its own as the server under test is (`node --import tsx bare-fastify.ts PORT [ANSWERS]`).
 *
 * With ANSWERS (a JSON file of `{ body: base64, headers }` items), GET /answer/N also answers item N's bytes
 * and headers as they are, nothing worked out: a like-for-like reference that sends what the server under
 * test sends, so a figure can be read apart from the size of the answer.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const port = Number(process.argv[2] ?? 3290);
const answersFile = process.argv[3];
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
if (answersFile) {
  const answers = JSON.parse(readFileSync(answersFile, "utf8")) as {
    body: string;
    headers: Record<string, string>;
  }[];
  answers.forEach((answer, index) => {
    const body = Buffer.from(answer.body, "base64");
    app.get(`/answer/${index}`, (_request, reply) => {
      reply.headers(answer.headers).send(body);
    });
  });
}
await app.listen({ port, host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
