// @ts-check
// Whether dist/ is the build of the sources as they are now, so `npm start` can skip a build that would change
// nothing. `npm run build` records a fingerprint of its inputs in dist/ (a SHA-256 of each file's content: the
// TypeScript and JSON under src/, server/ and cli/, the compiler settings, package.json and its lock, and the build's
// own scripts); dist/ is current when the same fingerprint comes out of the files now. Content, not modification
// times: a `git pull`, a branch switch or an edit changes it; a `touch` or a copy that keeps old times cannot fool it.
//
//   node scripts/build-stamp.mjs begin    first step of the build: takes the fingerprint and forgets the old one,
//                                         so a build that fails half-way leaves dist/ stale
//   node scripts/build-stamp.mjs commit   last step of the build: the fingerprint taken at its start now stands
//   node scripts/build-stamp.mjs current  exits 0 when dist/ is current, else says why and exits 1 (`npm test` builds
//                                         only then)
//
// Plain JavaScript that Node runs as it is: this runs before anything is compiled, and every `npm start` pays its
// start-up time (tsx would add a second or two on a busy machine).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Folders whose TypeScript and JSON the build compiles (server/public is served as it is, never built). */
const SOURCE_FOLDERS = ["src", "server", "cli"];
const SKIPPED_FOLDERS = new Set(["server/public"]);
const SOURCE_FILE = /\.(ts|mts|cts|json)$/;
/** Files outside those folders that change what the build writes. */
const BUILD_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "scripts/build-stamp.mjs",
  "scripts/entry-points.ts",
  "scripts/link-package.ts",
  "scripts/write-esm-entries.ts",
];
/** What must exist for the build to count as one (the stamp could outlive a hand-deleted file). */
const BUILD_OUTPUTS = ["dist/server/main.js", "dist/cli/main.js", "dist/src/index.js", "dist/esm/index.mjs"];

const STAMP = "dist/.build-inputs.json";
const PENDING_STAMP = "dist/.build-inputs.pending.json";

/**
 * @param {string} root
 * @returns {Record<string, string>} each input's path (relative, with /) and the SHA-256 of its content
 */
export function fingerprint(root = projectRoot) {
  /** @type {string[]} */
  const files = BUILD_FILES.filter((file) => existsSync(path.join(root, file)));
  /** @param {string} folder */
  const walk = (folder) => {
    if (SKIPPED_FOLDERS.has(folder) || !existsSync(path.join(root, folder))) return;
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (SOURCE_FILE.test(entry.name)) files.push(relative);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  return Object.fromEntries(
    files.sort().map((file) => [
      file,
      createHash("sha256")
        .update(readFileSync(path.join(root, file)))
        .digest("hex"),
    ]),
  );
}

/**
 * Why dist/ is not the build of the sources as they are now, or null when it is.
 * @param {string} root
 * @returns {{ reason: "no build" } | { reason: "changed", files: string[] } | null}
 */
export function staleness(root = projectRoot) {
  if (BUILD_OUTPUTS.some((file) => !existsSync(path.join(root, file)))) return { reason: "no build" };
  /** @type {Record<string, string>} */
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(path.join(root, STAMP), "utf8"));
  } catch {
    return { reason: "no build" };
  }
  const current = fingerprint(root);
  const files = [...new Set([...Object.keys(recorded), ...Object.keys(current)])]
    .filter((file) => recorded[file] !== current[file])
    .sort();
  return files.length === 0 ? null : { reason: "changed", files };
}

/** @param {string} root */
export function beginBuild(root = projectRoot) {
  mkdirSync(path.join(root, "dist"), { recursive: true });
  rmSync(path.join(root, STAMP), { force: true });
  writeFileSync(path.join(root, PENDING_STAMP), `${JSON.stringify(fingerprint(root), null, 1)}\n`);
}

/** @param {string} root */
export function commitBuild(root = projectRoot) {
  renameSync(path.join(root, PENDING_STAMP), path.join(root, STAMP));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step === "begin") beginBuild();
  else if (step === "commit") commitBuild();
  else if (step === "current") {
    const stale = staleness();
    if (stale) {
      const why =
        stale.reason === "no build"
          ? "no build yet"
          : `changed: ${stale.files.slice(0, 3).join(", ")}${stale.files.length > 3 ? ", ..." : ""}`;
      process.stdout.write(`dist/ is not current (${why}): building.\n`);
      process.exit(1);
    }
    process.stdout.write("dist/ is current: nothing to build.\n");
  } else {
    process.stderr.write("Usage: node scripts/build-stamp.mjs begin|commit|current\n");
    process.exit(2);
  }
}
