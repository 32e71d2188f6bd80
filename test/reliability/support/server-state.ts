// Snapshots of everything a request could change: the pipeline's config (model selection, keys, every field), the
// key status the API reports, every file in the data directory (bytes and mtime), and the built-in prototypes.
// Two equal snapshots mean nothing changed in between.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import type { Pipeline } from "../../../src/index";
import { PROVIDER_IDS } from "./fuzz-oracle";

export interface FileState {
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface ServerState {
  config: string;
  keyStatus: Record<string, { hasKey: boolean; maskedKey: string | null }>;
  files: Record<string, FileState>;
  prototypes: Record<string, string[]>;
}

/** Every file under a folder, by relative path. */
export function snapshotFiles(root: string): Record<string, FileState> {
  const files: Record<string, FileState> = {};
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else {
        const info = statSync(full);
        files[path.relative(root, full)] = {
          size: info.size,
          mtimeMs: info.mtimeMs,
          sha256: createHash("sha256").update(readFileSync(full)).digest("hex"),
        };
      }
    }
  };
  visit(root);
  return files;
}

export function snapshotPrototypes(): Record<string, string[]> {
  const prototypes: Record<string, object> = {
    Object: Object.prototype,
    Array: Array.prototype,
    Function: Function.prototype,
    String: String.prototype,
  };
  return Object.fromEntries(
    Object.entries(prototypes).map(([name, prototype]) => [name, Reflect.ownKeys(prototype).map(String).sort()]),
  );
}

export function snapshotServerState(pipeline: Pipeline, dataDir: string): ServerState {
  return {
    config: JSON.stringify(pipeline.config),
    keyStatus: Object.fromEntries(PROVIDER_IDS.map((provider) => [provider, pipeline.apiKeyStatus(provider)])),
    files: snapshotFiles(dataDir),
    prototypes: snapshotPrototypes(),
  };
}

/** Properties a pollution payload would have put on every object. */
export function pollutedProperties(): string[] {
  const probe: Record<string, unknown> = {};
  return ["polluted", "isAdmin"].filter((name) => probe[name] !== undefined || name in probe);
}
