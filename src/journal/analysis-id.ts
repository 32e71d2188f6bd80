// The id a caller names a recorded analysis by (get, delete, scoring one, a lesson): trimmed and bounded before any
// query. A module of its own so that the modules reading it (stored-analysis.ts, lessons.ts, score-outcomes.ts) do not
// import one another for it: with lessons.ts and stored-analysis.ts importing each other, loading stored-analysis.ts
// first left the lesson schema without its id field.
import { z } from "zod";

export const analysisIdSchema = z.string().trim().min(1, "must not be empty").max(64, "is too long");
