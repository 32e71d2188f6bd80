// Turns a zod error into one plain sentence that names each bad field, for users and HTTP clients alike. At most a
// few problems are named (a list of a thousand bad items would make a message nobody reads, and work for nothing),
// and field names are the caller's text, so they follow the echo rule of quote-input.ts.
import type { z } from "zod";

import { isEchoable, quoteList } from "./quote-input";

/** Problems named in one message; the rest are counted. */
export const MAX_ISSUES_NAMED = 5;

function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === "number" || isEchoable(String(part)) ? String(part) : "(a field)"))
    .join(".");
}

export function formatZodError(error: z.ZodError, options: { subject?: string } = {}): string {
  const named = error.issues.slice(0, MAX_ISSUES_NAMED);
  const parts = named.map((issue) => {
    const path = fieldPath(issue.path);
    if (issue.code === "unrecognized_keys") {
      const where = path ? ` in ${path}` : "";
      return `unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${quoteList(issue.keys)}`;
    }
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - named.length;
  if (more > 0) parts.push(`and ${more} more problem${more > 1 ? "s" : ""}`);
  const prefix = options.subject ? `${options.subject}: ` : "";
  return prefix + parts.join("; ");
}
