/**
 * Many concurrent sendMessage calls from grammY (as the alerts benchmark makes): every one answered and
 * numbered per chat. How fast is the benchmark's business (bench/), not a unit test's.
 */
import { Bot } from "grammy";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTelegramDouble, type TelegramDouble } from "../src/double";
import { TOKEN } from "./support";

let double: TelegramDouble;
beforeAll(async () => {
  double = await startTelegramDouble({ acceptAnyChat: true });
});
afterAll(() => double.close());

async function sendMany(bot: Bot, total: number, firstChat: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < total) {
        const i = next;
        next += 1;
        await bot.api.sendMessage(firstChat + (i % 250), `<b>NIFTY</b> crossed 24,512.50 (${i})`, {
          parse_mode: "HTML",
        });
      }
    }),
  );
}

// 5,000 requests through grammY take a second alone, several with other files on the two cores.
it("answers 5,000 concurrent sendMessage calls from grammY, numbering each chat's messages", async () => {
  const bot = new Bot(TOKEN, { client: { apiRoot: double.apiRoot } });
  await sendMany(bot, 5000, 10_000);
  expect(double.sent()).toHaveLength(5000);
  expect(double.sent(10_000).map((sent) => sent.messageId)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
}, 30_000);
