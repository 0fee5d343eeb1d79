/**
 * Days as the product counts them: `YYYY-MM-DD` keys in Asia/Kolkata (DESIGN.md section 3a), shown in the
 * Indian style in the reader's language ("15 Mar 2026", "15 మార్చి 2026", "15 मार्च 2026"). Access expiry,
 * contributions and the admin console's dates use these; the console, kept in English, asks for "en".
 */
import { MARKET_TIME_ZONE } from "@kalpa/contracts/names";
import { currentLanguage, INTL_LOCALES, type Language } from "@/i18n";

const DAY_KEY = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const DAY_LABEL: Intl.DateTimeFormatOptions = {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
};

const MOMENT_LABEL: Intl.DateTimeFormatOptions = {
  timeZone: MARKET_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  // Not hour12: false, which writes the minutes after midnight as "24:00".
  hourCycle: "h23",
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl format per language and kind, made on first use. */
function formatIn(language: Language, kind: "day" | "moment"): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      INTL_LOCALES[language],
      kind === "day" ? DAY_LABEL : MOMENT_LABEL,
    );
    formats.set(key, format);
  }
  return format;
}

const DAY_KEY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The Asia/Kolkata day of an instant, as `YYYY-MM-DD`. */
export function dayKeyOf(instant: Date | number): string {
  return DAY_KEY.format(instant);
}

/** Today in Asia/Kolkata, as `YYYY-MM-DD`. */
export function todayKey(now: Date | number = Date.now()): string {
  return dayKeyOf(now);
}

function utcMidnight(dayKey: string): number | null {
  const match = DAY_KEY_PATTERN.exec(dayKey);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * "2026-03-15" → "15 Mar 2026" (in `language`, by default the site's); anything that is not a day key is
 * returned as it is.
 */
export function formatDayKey(dayKey: string, language: Language = currentLanguage()): string {
  const midnight = utcMidnight(dayKey);
  return midnight === null ? dayKey : formatIn(language, "day").format(midnight);
}

/** A day key, or the India day an instant fell on, as "15 Mar 2026". */
export function formatDay(dayKeyOrInstant: string, language: Language = currentLanguage()): string {
  if (DAY_KEY_PATTERN.test(dayKeyOrInstant)) return formatDayKey(dayKeyOrInstant, language);
  const time = Date.parse(dayKeyOrInstant);
  return Number.isNaN(time) ? dayKeyOrInstant : formatDayKey(dayKeyOf(time), language);
}

/** An instant as "15 Mar 2026, 14:05 IST" in India time. */
export function formatMoment(iso: string, language: Language = currentLanguage()): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${formatIn(language, "moment").format(time)} IST`;
}

/** Whole days from one day key to another (negative when `to` is earlier); null for a malformed key. */
export function daysBetween(from: string, to: string): number | null {
  const start = utcMidnight(from);
  const end = utcMidnight(to);
  return start === null || end === null ? null : Math.round((end - start) / MS_PER_DAY);
}

/** The day key `days` after `dayKey`. */
export function addDays(dayKey: string, days: number): string {
  const midnight = utcMidnight(dayKey);
  if (midnight === null) return dayKey;
  return new Date(midnight + days * MS_PER_DAY).toISOString().slice(0, 10);
}
