import { describe, expect, it } from "vitest";

import { formatUtc, parseUtcTimestamp, toEpochMs } from "../../src/market/parse-timestamp";

describe("parseUtcTimestamp", () => {
  it.each([
    ["2024-01-31", Date.UTC(2024, 0, 31)],
    ["2024-01-31 14:30", Date.UTC(2024, 0, 31, 14, 30)],
    ["2024-01-31T14:30:05", Date.UTC(2024, 0, 31, 14, 30, 5)],
    ["2024-01-31T14:30:05.123Z", Date.UTC(2024, 0, 31, 14, 30, 5, 123)],
    ["2024-01-31T14:30:05.1234567Z", Date.UTC(2024, 0, 31, 14, 30, 5, 123)],
    ["2024-01-31 09:30:00-05:00", Date.UTC(2024, 0, 31, 14, 30)],
    ["2024-01-31T09:30:00+0530", Date.UTC(2024, 0, 31, 4, 0)],
    ["2024-01-31T09:30:00+09", Date.UTC(2024, 0, 31, 0, 30)],
    ["  2023-08-23 04:00:00  ", Date.UTC(2023, 7, 23, 4)],
    ["2024-02-29", Date.UTC(2024, 1, 29)],
    ["0024-01-01", new Date("0024-01-01T00:00:00Z").getTime()], // not 1924
  ])("reads %s", (text, expected) => {
    expect(parseUtcTimestamp(text)).toBe(expected);
  });

  it("reads zone-less times as UTC whatever the machine's time zone", () => {
    // Date.parse would read this as local time; the result here must not depend on TZ.
    expect(parseUtcTimestamp("2023-08-23 04:00:00")).toBe(Date.parse("2023-08-23T04:00:00Z"));
  });

  it.each([
    "",
    "yesterday",
    "2024-13-01",
    "2023-02-29",
    "2024-02-30",
    "2024-04-31",
    "0023-02-29",
    "2024-01-31 24:00",
    "2024-01-31 12:60",
    "2024-1-5",
    "31/01/2024",
    "2024-01-31T12:00:00+25:00",
    "1700000000000",
  ])("rejects %j", (text) => {
    expect(parseUtcTimestamp(text)).toBeUndefined();
  });
});

describe("toEpochMs", () => {
  it("accepts Dates, strings and epoch milliseconds", () => {
    const time = Date.UTC(2024, 5, 1, 12);
    expect(toEpochMs(new Date(time))).toBe(time);
    expect(toEpochMs("2024-06-01T12:00:00Z")).toBe(time);
    expect(toEpochMs(time)).toBe(time);
  });

  it("rejects what is not a point in time", () => {
    expect(toEpochMs(new Date("nope"))).toBeUndefined();
    expect(toEpochMs(Number.NaN)).toBeUndefined();
    expect(toEpochMs(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(toEpochMs(9e15)).toBeUndefined();
    expect(toEpochMs(null)).toBeUndefined();
    expect(toEpochMs({})).toBeUndefined();
  });

  it("formats instants as ISO UTC", () => {
    expect(formatUtc(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe("2024-01-02T03:04:05.000Z");
  });
});
