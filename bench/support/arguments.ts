// Numeric command-line options of the benchmarks: `--runs 20`. A flag without a number is an error, not a NaN that
// would silently run zero iterations.
export function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`--${name} needs a number (got ${JSON.stringify(process.argv[index + 1] ?? null)})`);
  }
  return value;
}

/** A text option: `--baseline-dist /tmp/dist-before`; undefined when not given. */
export function textArgument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`--${name} needs a value`);
  return value;
}
