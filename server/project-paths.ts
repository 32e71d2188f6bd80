// Where the web page's files are, found the same way whether this runs from server/ (tsx, vitest) or from
// dist/server/ (npm start): walk up to the folder that holds package.json, the project root.
import { existsSync } from "node:fs";
import path from "node:path";

export function findProjectRoot(startDirectory: string = __dirname): string {
  let directory = path.resolve(startDirectory);
  for (;;) {
    if (existsSync(path.join(directory, "package.json"))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`No package.json found above ${startDirectory}`);
    directory = parent;
  }
}

/** server/public under the project root (never copied into dist/: there is no build step for the page). */
export function defaultPublicDir(): string {
  return path.join(findProjectRoot(), "server", "public");
}

/** Plotly's browser bundle from node_modules, served to the page under /vendor/ (never from a CDN). */
export function plotlyBundlePath(): string {
  return require.resolve("plotly.js-dist-min");
}
