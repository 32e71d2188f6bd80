// Identifiers of journal records: UUID version 7 (RFC 9562), a millisecond timestamp followed by a counter and random
// bits. Ids made by one process sort in the order they were made, even within one millisecond, so "newest first"
// keeps the recording order; ids from several processes or machines never collide (74 random or counter bits).
import { randomBytes } from "node:crypto";

const MAX_SEQUENCE = 0xfff;
let lastMs = -1;
let sequence = 0;

export function newJournalId(nowMs: number = Date.now()): string {
  if (nowMs > lastMs) {
    lastMs = nowMs;
    // Start low in the 12-bit counter so a burst within one millisecond has room to count up.
    sequence = randomBytes(2).readUInt16BE(0) & 0x3ff;
  } else {
    sequence += 1;
    if (sequence > MAX_SEQUENCE) {
      // More than ~3,000 ids in one millisecond (or a clock that went back): borrow the next millisecond.
      lastMs += 1;
      sequence = 0;
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes.readUInt8(8) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const journalIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
