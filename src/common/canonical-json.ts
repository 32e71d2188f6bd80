// Canonical JSON: object keys sorted at every depth and undefined fields dropped, so two equal values always give
// the same text (and the same hash), whatever order their keys were built in.
import { InputError } from "./input-error";

export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonicalize(item)));
  if (value !== null && typeof value === "object") {
    if (value instanceof Date) return value.toISOString();
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .filter((key) => record[key] !== undefined && typeof record[key] !== "function")
        .sort()
        .map((key) => [key, canonicalize(record[key])]),
    );
  }
  if (typeof value === "number" && !Number.isFinite(value))
    throw new InputError({ code: "invalid_argument", message: `canonicalJson: ${value} has no JSON form` });
  if (typeof value === "bigint")
    throw new InputError({ code: "invalid_argument", message: "canonicalJson: a bigint has no JSON form" });
  return value;
}
