import { describe, expect, it } from "vitest";

import { aggregateTo4h } from "../../src/market/aggregate-4h";
import type { Candle } from "../../src/market/candle";
import { timeZoneOffset } from "../../src/market/time-zone-offset";

const HOUR = 3_600_000;

function hourly(times: number[]): Candle[] {
  return times.map((time, index) => ({
    time,
    open: 100 + index,
    high: 100 + index + 2,
    low: 100 + index - 1 - (index % 3),
    close: 100 + index + 1,
    volume: 10 * (index + 1),
  }));
}

describe("aggregateTo4h", () => {
  it("groups a New York session into 09:30 (4 hours) and 13:30 (2.5 hours, kept) bars", () => {
    // 2024-06-03, EDT (UTC-4): 09:30 local is 13:30Z; seven hourly bars 09:30 ... 15:30.
    const open = Date.UTC(2024, 5, 3, 13, 30);
    const bars = hourly(Array.from({ length: 7 }, (_, hour) => open + hour * HOUR));
    const result = aggregateTo4h(bars, { utcOffsetSeconds: -4 * 3600 });
    expect(result).toEqual([
      { time: open, open: 100, high: 105, low: 99, close: 104, volume: 10 + 20 + 30 + 40 },
      { time: open + 4 * HOUR, open: 104, high: 108, low: 102, close: 107, volume: 50 + 60 + 70 },
    ]);
  });

  it("starts every trading day afresh from its first bar", () => {
    const day1 = Array.from({ length: 7 }, (_, hour) => Date.UTC(2024, 5, 3, 13, 30) + hour * HOUR);
    const day2 = Array.from({ length: 7 }, (_, hour) => Date.UTC(2024, 5, 4, 13, 30) + hour * HOUR);
    const result = aggregateTo4h(hourly([...day1, ...day2]), { utcOffsetSeconds: -4 * 3600 });
    expect(result.map((bar) => new Date(bar.time).toISOString())).toEqual([
      "2024-06-03T13:30:00.000Z",
      "2024-06-03T17:30:00.000Z",
      "2024-06-04T13:30:00.000Z",
      "2024-06-04T17:30:00.000Z",
    ]);
  });

  it("cuts a 24-hour market at 00:00, 04:00, ... UTC", () => {
    const start = Date.UTC(2024, 0, 1);
    const result = aggregateTo4h(hourly(Array.from({ length: 48 }, (_, hour) => start + hour * HOUR)));
    expect(result).toHaveLength(12);
    expect(result.map((bar) => new Date(bar.time).getUTCHours())).toEqual([0, 4, 8, 12, 16, 20, 0, 4, 8, 12, 16, 20]);
    expect(result[1]).toMatchObject({ open: 104, close: 108, volume: 50 + 60 + 70 + 80 });
  });

  it("keeps a partial last group (a live market mid-slot)", () => {
    const start = Date.UTC(2024, 0, 1);
    const result = aggregateTo4h(hourly(Array.from({ length: 6 }, (_, hour) => start + hour * HOUR)));
    expect(result).toHaveLength(2);
    expect(result[1]).toMatchObject({ time: start + 4 * HOUR, open: 104, close: 106, volume: 50 + 60 });
  });

  it("cuts by time from the day's first bar, so a missing hour does not shift later bars", () => {
    const start = Date.UTC(2024, 0, 1);
    const times = Array.from({ length: 12 }, (_, hour) => start + hour * HOUR).filter(
      (time) => time !== start + 2 * HOUR,
    );
    const result = aggregateTo4h(hourly(times));
    expect(result.map((bar) => (bar.time - start) / HOUR)).toEqual([0, 4, 8]);
    expect(result.map((bar) => bar.volume)).toEqual([10 + 20 + 30, 40 + 50 + 60 + 70, 80 + 90 + 100 + 110]);
  });

  it("sorts its input and returns nothing for nothing", () => {
    const start = Date.UTC(2024, 0, 1);
    const bars = hourly([0, 1, 2, 3].map((hour) => start + hour * HOUR));
    expect(aggregateTo4h([...bars].reverse())).toEqual(aggregateTo4h(bars));
    expect(aggregateTo4h([])).toEqual([]);
  });

  it("puts bars on the exchange's calendar day using the offset function across a DST change", () => {
    // A futures-style late session in New York winter time: 22:00 and 23:00 EST on 2024-11-04 are 03:00Z and 04:00Z
    // on 11-05. With EST both belong to 11-04; the EDT offset (-4 h, what gmtoffset says in summer) splits them.
    const times = [Date.UTC(2024, 10, 5, 3), Date.UTC(2024, 10, 5, 4)];
    const newYork = timeZoneOffset("America/New_York");
    expect(newYork).toBeDefined();
    expect(aggregateTo4h(hourly(times), { utcOffsetSeconds: newYork })).toHaveLength(1);
    expect(aggregateTo4h(hourly(times), { utcOffsetSeconds: -4 * 3600 })).toHaveLength(2);
  });
});

describe("timeZoneOffset", () => {
  it("knows daylight-saving time", () => {
    const newYork = timeZoneOffset("America/New_York");
    expect(newYork?.(Date.UTC(2024, 6, 1, 12))).toBe(-4 * 3600);
    expect(newYork?.(Date.UTC(2024, 11, 1, 12))).toBe(-5 * 3600);
    expect(timeZoneOffset("Asia/Kolkata")?.(Date.UTC(2024, 0, 1))).toBe(5.5 * 3600);
    expect(timeZoneOffset("UTC")?.(Date.UTC(2024, 0, 1))).toBe(0);
  });

  it("remembers a day at a time without ever giving a different answer than a fresh lookup", () => {
    for (const zone of ["America/New_York", "Europe/London", "Australia/Lord_Howe"]) {
      const remembering = timeZoneOffset(zone)!;
      // The reference asks Intl every time: the wall-clock time in the zone, minus UTC.
      const format = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
      });
      const fresh = (time: number) => {
        const part = Object.fromEntries(format.formatToParts(time).map((entry) => [entry.type, Number(entry.value)]));
        return (
          (Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute) -
            Math.floor(time / 60_000) * 60_000) /
          1000
        );
      };
      const hours = Array.from(
        { length: 2 * 366 * 24 },
        (_, index) => Date.UTC(2023, 0, 1) + index * 3600_000 + 17 * 60_000,
      );
      // In time order (as aggregation asks), then in a scrambled order.
      const scrambled = hours.map((_, index) => hours[(index * 7919) % hours.length]!);
      const wrong = [...hours, ...scrambled]
        .filter((time) => remembering(time) !== fresh(time))
        .map((time) => new Date(time).toISOString());
      expect(wrong, zone).toEqual([]);
    }
  });

  it("answers undefined for zones the runtime does not know", () => {
    expect(timeZoneOffset("Mars/Olympus_Mons")).toBeUndefined();
  });
});
