/**
 * Display formats. Always UTC with a fixed locale: server and browser then render the same text,
 * so hydration never disagrees, and billing periods (which are UTC) read correctly.
 */
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const date = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const shortDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const numbers = new Intl.NumberFormat("en-US");

export function formatDateTime(d: Date | string): string {
  return `${dateTime.format(new Date(d))} UTC`;
}

export function formatDate(d: Date | string): string {
  return date.format(new Date(d));
}

export function formatShortDay(d: Date | string): string {
  return shortDay.format(new Date(d));
}

export function formatNumber(n: number): string {
  return numbers.format(n);
}

/** "1 request", "2 requests", "1,024 pages": a count with its noun, singular for exactly one. */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${ms} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** "in 23 h" / "3 min ago", for grace windows and recent events. */
export function formatRelative(d: Date | string, now = new Date()): string {
  const diff = new Date(d).getTime() - now.getTime();
  const abs = Math.abs(diff);
  const [value, unit] =
    abs < 60_000
      ? [Math.round(abs / 1000), "s"]
      : abs < 3_600_000
        ? [Math.round(abs / 60_000), "min"]
        : abs < 86_400_000
          ? [Math.round(abs / 3_600_000), "h"]
          : [Math.round(abs / 86_400_000), "d"];
  return diff >= 0 ? `in ${value} ${unit}` : `${value} ${unit} ago`;
}

const preciseDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
  hourCycle: "h23",
});

/**
 * "27 Nov 2026, 03:41:07.123 UTC": the request history's one format, to the millisecond, so the
 * moments of a request (received, started, finished) can be told apart and subtracted by eye.
 */
export function formatTimestamp(d: Date | string): string {
  return `${preciseDateTime.format(new Date(d))} UTC`;
}

/** "0.442 s", "11.104 s": a duration in seconds with milliseconds (the history's times). */
export function formatSeconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  return `${(ms / 1000).toFixed(3)} s`;
}
