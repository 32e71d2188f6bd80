// The message of anything thrown: an Error's message, or the value as text.
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
