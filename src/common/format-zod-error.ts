// Turns a zod error into one plain sentence that names each bad field, for users and HTTP clients alike.
import type { z } from "zod";

export function formatZodError(error: z.ZodError, options: { subject?: string } = {}): string {
  const parts = error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      const where = path ? ` in ${path}` : "";
      return `unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")}`;
    }
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const prefix = options.subject ? `${options.subject}: ` : "";
  return prefix + parts.join("; ");
}
