// How bar times are written for people and models: in UTC, to the minute, or just the day for daily and longer bars.
// One place, so a chart's axis, the prompts and the messages name a bar the same way.

/** "2024-05-01 13:30" (UTC). */
export function utcMinute(time: number): string {
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** "2024-05-01" (the UTC day). */
export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** True when the time is a UTC midnight: daily and longer bars, written as days. */
export function isUtcMidnight(time: number): boolean {
  return time % 86_400_000 === 0;
}
