// Where this package's own files are (the shipped benchmark, the web page), found the same way whether the code runs
// from src/ (tsx, vitest), from dist/ (npm start) or from an installed copy in node_modules: walk up from this file
// to the folder whose package.json names this package.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { InternalError } from "./quantagent-error";

const PACKAGE_NAME = "quantagent-ts";

let cached: string | undefined;

export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let directory = path.resolve(__dirname);
  for (;;) {
    const manifest = path.join(directory, "package.json");
    if (existsSync(manifest) && readPackageName(manifest) === PACKAGE_NAME) return (cached = directory);
    const parent = path.dirname(directory);
    if (parent === directory)
      throw new InternalError({ message: `Cannot find the ${PACKAGE_NAME} package folder above ${__dirname}` });
    directory = parent;
  }
}

function readPackageName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/** Plotly's browser bundle from node_modules: the page serves it, the chart renderer and notebook charts inline it. */
export function plotlyBundlePath(): string {
  return require.resolve("plotly.js-dist-min");
}

/** Plotly's finance bundle (candles, lines, bars and a few more; a quarter of the whole): notebook charts inline it. */
export function plotlyFinanceBundlePath(): string {
  return require.resolve("plotly.js-finance-dist-min");
}
