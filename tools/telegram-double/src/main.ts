/**
 * Runs the local Telegram Bot API double on its own: `npm start --workspace @kalpa/telegram-double`.
 *
 *   TELEGRAM_DOUBLE_PORT          8791 (0: any free port)
 *   TELEGRAM_DOUBLE_HOST          127.0.0.1
 *   TELEGRAM_DOUBLE_BOT_TOKEN     123456:TEST-TOKEN
 *   TELEGRAM_DOUBLE_BOT_USERNAME  kalpa_test_bot
 *   TELEGRAM_DOUBLE_ANY_CHAT      1 to let the bot write to chats nobody opened (default 0)
 *
 * It prints the API root to give the site (TELEGRAM_API_ROOT) and the controls that play the users,
 * and stops on Ctrl-C or SIGTERM.
 */
import { DEFAULT_BOT, startTelegramDouble } from "./double";

function fail(message: string): never {
  console.error(`telegram-double: ${message}`);
  process.exit(2);
}

const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
};

const portText = env("TELEGRAM_DOUBLE_PORT") ?? "8791";
const port = Number(portText);
if (!(/^\d+$/.test(portText) && port < 65536))
  fail(`TELEGRAM_DOUBLE_PORT: "${portText}" is not a port`);

const bot = {
  token: env("TELEGRAM_DOUBLE_BOT_TOKEN") ?? DEFAULT_BOT.token,
  username: env("TELEGRAM_DOUBLE_BOT_USERNAME") ?? DEFAULT_BOT.username,
  firstName: DEFAULT_BOT.firstName,
};

const double = await startTelegramDouble({
  port,
  host: env("TELEGRAM_DOUBLE_HOST") ?? "127.0.0.1",
  bots: [bot],
  acceptAnyChat: env("TELEGRAM_DOUBLE_ANY_CHAT") === "1",
}).catch((error: unknown) => fail((error as Error).message));

const root = double.apiRoot;
console.log(`Telegram Bot API double on ${root}
Give the site:

  TELEGRAM_API_ROOT=${root}
  TELEGRAM_BOT_TOKEN=${bot.token}
  TELEGRAM_BOT_USERNAME=${bot.username}

Play a user (JSON bodies):
  curl -s ${root}/__double/user-sends -d '{"text":"/start TOKEN","userId":42}'
  curl -s ${root}/__double/block -d '{"userId":42}'
  curl -s ${root}/__double/rate-limit-next -d '{"n":3,"retryAfter":5}'
  curl -s ${root}/__double/sent          (what the bot sent; ?chat_id=42 for one chat)
Ctrl-C stops it.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    double.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
