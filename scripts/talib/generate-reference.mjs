// Generates test/indicators/talib-reference.json: TA-Lib's own outputs for the five indicators on a few real
// benchmark windows and two synthetic series, so the indicator tests compare against TA-Lib without the project
// depending on its native build.
//
// How to read it: `series` lists the inputs; `parameterSets` the periods; main() runs TA-Lib through the `talib`
// npm package for each (series, parameter set) pair and stores outputs aligned to the input (null during warm-up,
// exactly where TA-Lib's begIndex says its first value is).
//
// Usage (see scripts/talib/README.md):
//   node scripts/talib/generate-reference.mjs /tmp/talib-ref/node_modules
//   TALIB_NODE_MODULES=/tmp/talib-ref/node_modules node scripts/talib/generate-reference.mjs
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const benchmarkRoot = path.resolve(projectRoot, "datasets/benchmark");
const outputPath = path.join(projectRoot, "test/indicators/talib-reference.json");

const benchmarkFiles = ["btc/BTC_4h_1.csv", "spx/SPX_4h_1.csv", "vix/VIX_4h_7.csv"];

/**
 * The library's default periods (RSI 14, MACD 12/26/9, Stochastic 14/3/3, ROC 10, Williams %R 14), plus short periods
 * that exercise the options an agent may pick.
 */
const parameterSets = {
  default: {
    rsi: { period: 14 },
    macd: { fastPeriod: 12, slowPeriod: 26, signalPeriod: 9 },
    stochastic: { kPeriod: 14, kSlowingPeriod: 3, dPeriod: 3 },
    roc: { period: 10 },
    williamsR: { period: 14 },
  },
  short: {
    rsi: { period: 7 },
    macd: { fastPeriod: 5, slowPeriod: 13, signalPeriod: 4 },
    stochastic: { kPeriod: 5, kSlowingPeriod: 2, dPeriod: 4 },
    roc: { period: 3 },
    williamsR: { period: 7 },
  },
};

function loadTalib() {
  const modulesPath = process.argv[2] ?? process.env.TALIB_NODE_MODULES;
  if (!modulesPath) {
    throw new Error("Pass the node_modules folder that holds `talib` as the first argument or TALIB_NODE_MODULES.");
  }
  const requireFromThere = createRequire(path.join(path.resolve(modulesPath), "noop.js"));
  const talib = requireFromThere("talib");
  const packageJsonPath = requireFromThere.resolve("talib/package.json");
  const packageVersion = JSON.parse(readFileSync(packageJsonPath, "utf8")).version;
  return { talib, packageVersion, cVersion: readTalibCVersion(path.dirname(packageJsonPath)), modulesPath };
}

/** The node binding only reports its own version; the bundled C library's version lives in its source. */
function readTalibCVersion(packageDirectory) {
  const versionFile = path.join(packageDirectory, "src/lib/src/ta_common/ta_version.c");
  if (!existsSync(versionFile)) return "unknown";
  const source = readFileSync(versionFile, "utf8");
  const part = (name) => source.match(new RegExp(`#define ${name} "([^"]*)"`))?.[1];
  const extra = part("EXTRA");
  return `${part("MAJOR")}.${part("MINOR")}.${part("BUILD")}${extra ? `-${extra}` : ""}`;
}

function readBenchmarkCsv(relativePath) {
  const lines = readFileSync(path.join(benchmarkRoot, relativePath), "utf8").trim().split(/\r?\n/);
  const header = lines[0].split(",");
  const column = (name) => header.indexOf(name);
  const rows = lines.slice(1).map((line) => line.split(","));
  const numbers = (name) => rows.map((row) => Number(row[column(name)]));
  return {
    name: relativePath.replace(/\.csv$/, ""),
    source: `datasets/benchmark/${relativePath}`,
    time: rows.map((row) => row[column("Datetime")]),
    high: numbers("High"),
    low: numbers("Low"),
    close: numbers("Close"),
  };
}

/** mulberry32: a tiny seeded generator, so the synthetic series are the same on every run. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random walk with wicks; `flatBars` ranges hold open = high = low = close (zero range windows, no changes). */
function syntheticSeries(name, { seed, flatBars = [] }) {
  const random = seededRandom(seed);
  const high = [];
  const low = [];
  const close = [];
  let price = 100;
  for (let index = 0; index < 100; index += 1) {
    const isFlat = flatBars.some(([start, end]) => index >= start && index <= end);
    if (isFlat) {
      high.push(price);
      low.push(price);
      close.push(price);
      continue;
    }
    const open = price;
    price = Math.max(1, price * (1 + (random() - 0.5) * 0.04));
    high.push(Math.max(open, price) * (1 + random() * 0.01));
    low.push(Math.min(open, price) * (1 - random() * 0.01));
    close.push(price);
  }
  const round = (value) => Number(value.toFixed(4));
  return {
    name,
    source: `synthetic (seed ${seed}${flatBars.length ? `, flat bars ${JSON.stringify(flatBars)}` : ""})`,
    time: close.map((_, index) => new Date(Date.UTC(2024, 0, 1) + index * 4 * 3600_000).toISOString()),
    high: high.map(round),
    low: low.map(round),
    close: close.map(round),
  };
}

/** 12 significant digits keep the file small and sit far below the tests' 1e-6 tolerance. */
function aligned(length, { begIndex, nbElement }, values) {
  const output = new Array(length).fill(null);
  for (let index = 0; index < nbElement; index += 1) output[begIndex + index] = Number(values[index].toPrecision(12));
  return output;
}

function computeAll(talib, series, parameters) {
  const length = series.close.length;
  const run = (name, options) => {
    const result = talib.execute({ name, startIdx: 0, endIdx: length - 1, ...options });
    if (result.error) throw new Error(`${name}: ${result.error}`);
    return result;
  };
  const hlc = { high: series.high, low: series.low, close: series.close };

  const rsi = run("RSI", { inReal: series.close, optInTimePeriod: parameters.rsi.period });
  const macd = run("MACD", {
    inReal: series.close,
    optInFastPeriod: parameters.macd.fastPeriod,
    optInSlowPeriod: parameters.macd.slowPeriod,
    optInSignalPeriod: parameters.macd.signalPeriod,
  });
  const stochastic = run("STOCH", {
    ...hlc,
    optInFastK_Period: parameters.stochastic.kPeriod,
    optInSlowK_Period: parameters.stochastic.kSlowingPeriod,
    optInSlowK_MAType: 0, // SMA
    optInSlowD_Period: parameters.stochastic.dPeriod,
    optInSlowD_MAType: 0, // SMA
  });
  const roc = run("ROC", { inReal: series.close, optInTimePeriod: parameters.roc.period });
  const williamsR = run("WILLR", { ...hlc, optInTimePeriod: parameters.williamsR.period });

  return {
    rsi: aligned(length, rsi, rsi.result.outReal),
    macd: {
      macd: aligned(length, macd, macd.result.outMACD),
      signal: aligned(length, macd, macd.result.outMACDSignal),
      histogram: aligned(length, macd, macd.result.outMACDHist),
    },
    stochastic: {
      k: aligned(length, stochastic, stochastic.result.outSlowK),
      d: aligned(length, stochastic, stochastic.result.outSlowD),
    },
    roc: aligned(length, roc, roc.result.outReal),
    williamsR: aligned(length, williamsR, williamsR.result.outReal),
  };
}

/** One array per line keeps the committed file reviewable in a diff. */
function stringify(value, indent = "") {
  if (Array.isArray(value)) return JSON.stringify(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = indent + "  ";
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${stringify(item, inner)}`,
  );
  return `{\n${entries.join(",\n")}\n${indent}}`;
}

function main() {
  const { talib, packageVersion, cVersion, modulesPath } = loadTalib();
  const allSeries = [
    ...benchmarkFiles.map(readBenchmarkCsv),
    syntheticSeries("synthetic/random-walk", { seed: 42 }),
    syntheticSeries("synthetic/flat-runs", {
      seed: 7,
      flatBars: [
        [0, 29],
        [60, 79],
      ],
    }),
  ];
  const withShortSet = new Set(["btc/BTC_4h_1", "synthetic/random-walk", "synthetic/flat-runs"]);

  const reference = {
    provenance: {
      description: "TA-Lib outputs aligned to the input; null where TA-Lib defines no value (before begIndex).",
      talibNpmPackage: `talib@${packageVersion}`,
      talibCVersion: cVersion,
      generatedAt: new Date().toISOString(),
      node: process.version,
      command: `node scripts/talib/generate-reference.mjs ${path.resolve(modulesPath)}`,
      stochasticMovingAverage: "SMA (MAType 0) for slow K and slow D",
      rounding: "outputs rounded to 12 significant digits",
    },
    parameterSets,
    series: allSeries.map((series) => ({
      name: series.name,
      source: series.source,
      input: { time: series.time, high: series.high, low: series.low, close: series.close },
      outputs: Object.fromEntries(
        Object.entries(parameterSets)
          .filter(([setName]) => setName === "default" || withShortSet.has(series.name))
          .map(([setName, parameters]) => [setName, computeAll(talib, series, parameters)]),
      ),
    })),
  };
  mkdirSync(path.dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, stringify(reference) + "\n");
  console.log(`wrote ${path.relative(projectRoot, outputPath)} (${allSeries.length} series)`);
}

main();
