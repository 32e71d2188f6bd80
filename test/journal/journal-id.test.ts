// Journal ids: UUID version 7 with the time in its first 48 bits, sorting in the order they were made, even a burst
// of thousands in one millisecond or after the clock went back.
import { describe, expect, it } from "vitest";

import { journalIdPattern, newJournalId } from "../../src/journal/journal-id";

const hexOf = (id: string) => id.replaceAll("-", "");
const timeOf = (id: string) => Number.parseInt(hexOf(id).slice(0, 12), 16);
/** The 12-bit counter after the version nibble. */
const counterOf = (id: string) => Number.parseInt(hexOf(id).slice(13, 16), 16);

// The module keeps the last time it used: each test starts later than anything before it.
let base = Date.now() + 10_000_000;
const freshTime = () => (base += 1_000_000);

describe("newJournalId", () => {
  it("is a version 7 UUID carrying the time, with its counter starting in the lower quarter", () => {
    for (let round = 0; round < 200; round += 1) {
      const now = freshTime();
      const id = newJournalId(now);
      expect(id).toMatch(journalIdPattern);
      expect(timeOf(id)).toBe(now);
      expect(counterOf(id)).toBeLessThanOrEqual(0x3ff);
    }
  });

  it("counts up within one millisecond, then borrows the next one, always in order and never twice", () => {
    const now = freshTime();
    const ids = Array.from({ length: 5_000 }, () => newJournalId(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(journalIdPattern);
    // Each step adds one to the counter, or starts the next millisecond at 0 after 0xfff.
    for (let index = 1; index < ids.length; index += 1) {
      const [before, after] = [ids[index - 1]!, ids[index]!];
      if (timeOf(after) === timeOf(before)) expect(counterOf(after)).toBe(counterOf(before) + 1);
      else {
        expect(counterOf(before)).toBe(0xfff);
        expect(timeOf(after)).toBe(timeOf(before) + 1);
        expect(counterOf(after)).toBe(0);
      }
    }
    expect(timeOf(ids[0]!)).toBe(now);
    expect(timeOf(ids.at(-1)!)).toBeGreaterThan(now);
  });

  it("keeps the order when the clock goes back", () => {
    const now = freshTime();
    const first = newJournalId(now);
    const second = newJournalId(now - 60_000);
    expect(second > first).toBe(true);
    expect(timeOf(second)).toBe(now);
    expect(counterOf(second)).toBe(counterOf(first) + 1);
    // A later time starts afresh at that time.
    const later = newJournalId(now + 1);
    expect(timeOf(later)).toBe(now + 1);
    expect(later > second).toBe(true);
  });

  it("uses the clock when no time is given", () => {
    const before = Date.now();
    const id = newJournalId();
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
  });
});

describe("journalIdPattern", () => {
  it("takes a version 7 UUID of the RFC 9562 variant only, whole", () => {
    expect(journalIdPattern.test("0195f3a0-1234-7abc-8def-0123456789ab")).toBe(true);
    expect(journalIdPattern.test("0195f3a0-1234-7abc-bdef-0123456789ab")).toBe(true);
    expect(journalIdPattern.test("0195f3a0-1234-4abc-8def-0123456789ab")).toBe(false);
    expect(journalIdPattern.test("0195f3a0-1234-7abc-cdef-0123456789ab")).toBe(false);
    expect(journalIdPattern.test("0195F3A0-1234-7ABC-8DEF-0123456789AB")).toBe(false);
    expect(journalIdPattern.test("x0195f3a0-1234-7abc-8def-0123456789ab")).toBe(false);
    expect(journalIdPattern.test("0195f3a0-1234-7abc-8def-0123456789abc")).toBe(false);
  });
});
