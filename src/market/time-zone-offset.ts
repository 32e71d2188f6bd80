// UTC offsets of an exchange's time zone at a given instant, so trading days are cut where the exchange cuts them.

/** Seconds east of UTC: a fixed number (Yahoo's `meta.gmtoffset`) or a function of the instant (UTC epoch ms). */
export type UtcOffset = number | ((time: number) => number);

const DAY_MS = 86_400_000;

/**
 * The offset function of an IANA time zone (Yahoo's `meta.exchangeTimezoneName`, e.g. "America/New_York"), or
 * undefined when this runtime does not know the zone. Prefer it to Yahoo's `gmtoffset`, which is the offset at
 * the time of the request and is an hour off for bars on the other side of a daylight-saving change.
 *
 * Asking Intl costs microseconds, and 4h aggregation asks once per hourly bar (17,520 times for two years). Zones
 * change offset at most a few times a year and never twice within a day, so when the offsets at t and at t + 1 day
 * agree, every instant between has that offset: one day is remembered per pair of Intl calls.
 */
export function timeZoneOffset(timeZone: string): ((time: number) => number) | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    return undefined;
  }
  const askIntl = (time: number) => {
    const wholeSecond = Math.floor(time / 1000) * 1000;
    const parts = { year: NaN, month: NaN, day: NaN, hour: NaN, minute: NaN, second: NaN };
    for (const { type, value } of format.formatToParts(wholeSecond)) {
      if (type in parts) parts[type as keyof typeof parts] = Number(value);
    }
    const wallClock = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
    return Math.round((wallClock - wholeSecond) / 1000);
  };
  let known = { from: 0, to: -1, offset: 0 };
  return (time: number) => {
    if (time >= known.from && time <= known.to) return known.offset;
    const offset = askIntl(time);
    if (askIntl(time + DAY_MS) === offset) known = { from: time, to: time + DAY_MS, offset };
    return offset;
  };
}

export function offsetSecondsAt(offset: UtcOffset, time: number): number {
  return typeof offset === "function" ? offset(time) : offset;
}
