import type { MarketClock } from "@kalpa/contracts/api/market";
import { MARKET_TIME_ZONE } from "@kalpa/contracts/names";

/**
 * The market clock's reading at local time `localNow`: the server's reading when it answered, moved on by the
 * time elapsed since at the clock's speed (a simulated clock may run faster than real time).
 */
export function marketTimeAt(clock: MarketClock, receivedAt: number, localNow: number): number {
  const moved = clock.now + Math.max(0, localNow - receivedAt) * clock.speed;
  // A replay's clock leaves its session at `sessionEnd` for another day: no further without asking.
  return clock.sessionEnd === undefined ? moved : Math.min(moved, clock.sessionEnd);
}

/**
 * How long (local ms) until a replay's clock reaches the end of its session, when the screen should ask
 * for the clock again (it has moved to the next recorded session); undefined for other clocks.
 */
export function untilSessionEnd(
  clock: MarketClock,
  receivedAt: number,
  localNow: number,
): number | undefined {
  if (clock.sessionEnd === undefined) return undefined;
  const walked = clock.now + Math.max(0, localNow - receivedAt) * clock.speed;
  return Math.max(0, (clock.sessionEnd - walked) / clock.speed);
}

const formats = new Map<string, Intl.DateTimeFormat>();
const DATE_PARTS = { day: "numeric", month: "short", year: "numeric" } as const;

/** India-time format `key` of `locale` with `parts`, made once. */
function indiaFormat(key: string, locale: string, parts: Intl.DateTimeFormatOptions) {
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: MARKET_TIME_ZONE, ...parts });
    formats.set(key, format);
  }
  return format;
}

/** India's offset from UTC: +05:30 all year since 1945. */
const INDIA_OFFSET_MS = 330 * 60_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
// en-IN (CLDR) shortens September to "Sept".
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sept",
  "Oct",
  "Nov",
  "Dec",
];
const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * What Intl.DateTimeFormat("en-IN", …Asia/Kolkata…) writes, by hand: a phone spends ~25 ms loading the
 * time-zone and locale data for the first Intl date format, in the task that paints the landing's ticker.
 * (market-clock.test.ts checks the two agree.)
 */
function formatInIndiaEnglish(instant: number): string {
  const date = new Date(instant + INDIA_OFFSET_MS);
  const time = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map(twoDigits);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}, ${time.join(":")}`;
}

/** An instant as the market's date in India, e.g. "4 Jun 2024" (en-IN without Intl, see above). */
export function formatMarketDate(instant: number, locale: string): string {
  if (locale === "en-IN") {
    const date = new Date(instant + INDIA_OFFSET_MS);
    return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  }
  return indiaFormat(`${locale}:date`, locale, DATE_PARTS).format(instant);
}

/** An instant as India's hours and minutes, "14:05" (00:00 to 23:59), without Intl (see above). */
export function formatIndiaMinute(instant: number): string {
  const date = new Date(instant + INDIA_OFFSET_MS);
  return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

/** An instant as the market's date and time in India, e.g. "Tue, 10 Mar, 2026, 10:42:05". */
export function formatMarketTime(instant: number, locale: string): string {
  if (locale === "en-IN") return formatInIndiaEnglish(instant);
  return indiaFormat(locale, locale, {
    ...DATE_PARTS,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/** An instant as an ISO 8601 string with India's offset, for <time dateTime>. */
export function isoInIndia(instant: number): string {
  return `${new Date(instant + INDIA_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}
