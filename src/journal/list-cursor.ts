// The opaque cursor of a paged list: the position of the last row answered, (created_at, id), as base64url JSON.
// Keyset paging rather than an offset: rows recorded while a client pages through the list are newer than any
// cursor, so they neither shift later pages nor appear twice.
import { z } from "zod";

import { JournalError } from "./journal-error";

export interface CursorPosition {
  createdAt: string;
  id: string;
}

const cursorSchema = z.tuple([z.string().min(1).max(64), z.string().min(1).max(64)]);

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id]), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): CursorPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) {
    throw new JournalError({
      reason: "invalid_input",
      message: "cursor: not a cursor this journal gave out (pass next_cursor from the previous page unchanged)",
    });
  }
  return { createdAt: parsed.data[0], id: parsed.data[1] };
}
