/**
 * How a day (`YYYY-MM-DD`, Asia/Kolkata) reads in messages and on screens: "21 Dec 2026". The access
 * guard's "{service} access expired on {date}" uses it on the server, and the screens can show the same.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatDayKey(dayKey: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayKey);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new RangeError(`formatDayKey: "${dayKey}" is not a day key`);
  return `${Number(match[3])} ${month} ${match[1]}`;
}
