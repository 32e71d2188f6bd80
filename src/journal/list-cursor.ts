// The opaque cursor of a paged list: the position of the last row answered, (created_at, id), as base64url JSON.
// Keyset paging rather than an offset: rows recorded while a client pages through the list are newer than any
// cursor, so they neither shift later pages nor appear twice.
import { type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";

import { JournalError } from "./journal-error";

/** The most rows one page of a list answers. */
export const MAX_PAGE_SIZE = 500;

/** A list's paging options: rows per page, and where the previous page ended. */
export const pageOptionsShape = {
  /** Rows per page. @default 50 */
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`).default(50),
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor: z.string().max(512).optional(),
};

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

/** The columns every paged table has. */
interface KeyedRow {
  created_at: string;
  id: string;
}

/**
 * One page of a newest-first list: the rows of `query` older than the cursor's position, at most `limit` of them,
 * and the cursor of the next page (null on the last). One row more than asked is read to tell whether there is a
 * next page without counting.
 */
export async function newestFirstPage<Database, Table extends keyof Database, Row extends KeyedRow>(
  query: SelectQueryBuilder<Database, Table, Row>,
  options: { limit: number; cursor?: string },
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const position = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const after =
    position === undefined
      ? query
      : query.where(sql<boolean>`(created_at, id) < (${position.createdAt}, ${position.id})`);
  const rows = (await after
    .orderBy(sql`created_at`, "desc")
    .orderBy(sql`id`, "desc")
    .limit(options.limit + 1)
    .execute()) as Row[];
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > options.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
