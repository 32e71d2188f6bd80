// `npm run wire:types`: writes server/public/js/wire-types.js, the page's types of the JSON the server answers, from
// the wire's zod schemas (scripts/wire-types.ts). Run it after changing a schema in src/wire/; a test fails while the
// committed file differs from what this writes.
import { writeFile } from "node:fs/promises";
import path from "node:path";

import { wireTypesSource } from "./wire-types";

export const WIRE_TYPES_FILE = path.resolve(__dirname, "..", "server", "public", "js", "wire-types.js");

if (require.main === module) {
  writeFile(WIRE_TYPES_FILE, wireTypesSource()).then(
    () => console.log(`Wrote ${path.relative(process.cwd(), WIRE_TYPES_FILE)}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
