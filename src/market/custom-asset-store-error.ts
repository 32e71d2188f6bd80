// The typed error of the custom-asset store; `isInputError` tells the server a 400 from a server-side problem.

export type CustomAssetStoreErrorKind = "invalid_symbol" | "ambiguous_symbol" | "full" | "corrupt_file" | "io";

export class CustomAssetStoreError extends Error {
  override name = "CustomAssetStoreError";
  readonly kind: CustomAssetStoreErrorKind;
  /** The store's file, for the kinds that concern it. */
  readonly filePath: string | undefined;

  constructor(kind: CustomAssetStoreErrorKind, message: string, options: { filePath?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.filePath = options.filePath;
  }

  /** True when the caller sent something wrong (HTTP 400); false when the server's file or disk is the problem. */
  get isInputError(): boolean {
    switch (this.kind) {
      case "invalid_symbol":
      case "ambiguous_symbol":
      case "full":
        return true;
      case "corrupt_file":
      case "io":
        return false;
      default: {
        const exhaustive: never = this.kind;
        return exhaustive;
      }
    }
  }
}
