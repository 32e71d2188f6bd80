// An experiment's completed decisions on disk, one file each, so an interrupted run resumes where it stopped and a
// rerun asks nothing: before anything is spent the run looks up every decision here, estimates the cost of the
// ones still missing, and then analyses only those.
//
// Key: sha256 of the canonical JSON of everything an analysis of that decision depends on: the bars it sees (the
// window up to its decision bar, nothing after), and the context: the timeframe and series name, both models (provider, name,
// temperature), the prompt version, the plugin set, and the settings that shape the prompts and the answer
// (chart dispatch, the decision horizon, any stages). A change to any of them is a different key, so a decision is
// never taken from a run under other prompts, models or data. Entries live at <dir>/<first two hex digits>/<key>.json,
// written atomically; an entry that does not parse is treated as absent. Failed analyses are never stored.
//
// The model-answer cache (src/llm/model-cache.ts) sits under this one when the experiment builds its own pipeline: it
// keeps each call of a decision that was cut off half-way, so even a partly analysed decision is not paid twice.
import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";

import { z } from "zod";

import { writeFileAtomic } from "../common/atomic-write";
import { canonicalJson } from "../common/canonical-json";
import { parseJsonSafely } from "../common/parse-json-safely";
import type { Candle } from "../market/candle";
import { type StoredDecision, storedDecisionSchema } from "./decision";

// 2: the risk stage's answer is kept whole (its ATR, and the reason when it gives no stop).
const CACHE_FORMAT = 2;

const entrySchema = z.object({ format: z.literal(CACHE_FORMAT), key: z.string(), decision: storedDecisionSchema });

export interface DecisionCache {
  key(window: readonly Candle[]): string;
  get(key: string): Promise<StoredDecision | undefined>;
  put(key: string, decision: StoredDecision): Promise<void>;
}

/**
 * A cache in `dir` for decisions under `context` (models, prompt version, plugins, settings: see the header);
 * `dir: null` keeps nothing (every decision is analysed).
 */
export function createDecisionCache(dir: string | null, context: Record<string, unknown>): DecisionCache {
  const file = (key: string) => path.join(dir ?? "", key.slice(0, 2), `${key}.json`);
  return {
    key: (window) =>
      createHash("sha256")
        .update(canonicalJson({ format: CACHE_FORMAT, context, window }))
        .digest("hex"),
    async get(key) {
      if (dir === null) return undefined;
      let text: string;
      try {
        text = await readFile(file(key), "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      const parsed = entrySchema.safeParse(parseJsonSafely(text)); // a torn or foreign entry is no entry
      return parsed.success && parsed.data.key === key ? parsed.data.decision : undefined;
    },
    async put(key, decision) {
      if (dir === null) return;
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFileAtomic(file(key), `${JSON.stringify({ format: CACHE_FORMAT, key, decision })}\n`);
    },
  };
}
