// The package's entry points as package.json declares them: for each `exports` key (".", "./errors", ...), the
// CommonJS file and its declarations (the `require` condition) and the ESM wrapper and its declarations (`import`).
// Read by the build (ESM wrappers, the notebook link) and by the tests that check every entry loads both ways.
import { readFile } from "node:fs/promises";
import path from "node:path";

import { z } from "zod";

const fileTargetSchema = z.strictObject({ types: z.string(), default: z.string() });
const entryTargetSchema = z.strictObject({ import: fileTargetSchema, require: fileTargetSchema });

const manifestSchema = z.object({
  name: z.string(),
  version: z.string(),
  main: z.string(),
  types: z.string(),
  exports: z.record(z.string(), z.union([z.string(), entryTargetSchema])),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface EntryPoint {
  /** The export key: "." or "./errors". */
  key: string;
  /** What a caller writes: "quantagent-ts" or "quantagent-ts/errors". */
  specifier: string;
  import: z.infer<typeof fileTargetSchema>;
  require: z.infer<typeof fileTargetSchema>;
}

export async function readManifest(root: string): Promise<Manifest> {
  return manifestSchema.parse(JSON.parse(await readFile(path.join(root, "package.json"), "utf8")));
}

/** Every code entry of package.json `exports` (plain file exports such as ./package.json are left out). */
export async function readEntryPoints(root: string): Promise<EntryPoint[]> {
  const manifest = await readManifest(root);
  return Object.entries(manifest.exports).flatMap(([key, target]) =>
    typeof target === "string"
      ? []
      : [{ key, specifier: key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`, ...target }],
  );
}
