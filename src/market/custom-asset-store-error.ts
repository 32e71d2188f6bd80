// The typed error of the custom-asset store. The caller's mistakes (an invalid or ambiguous symbol, a full list) are
// input errors; a damaged file or a disk that fails are internal, and their message says what to repair.
import { QuantAgentError } from "../common/quantagent-error";

export type CustomAssetStoreErrorReason = "invalid_symbol" | "ambiguous_symbol" | "full" | "corrupt_file" | "io";

const CODES: Record<CustomAssetStoreErrorReason, string> = {
  invalid_symbol: "invalid_symbol",
  ambiguous_symbol: "ambiguous_symbol",
  full: "asset_list_full",
  corrupt_file: "asset_store_corrupt",
  io: "asset_store_io",
};

export class CustomAssetStoreError extends QuantAgentError {
  override name = "CustomAssetStoreError";
  readonly reason: CustomAssetStoreErrorReason;
  /** The store's file, for the reasons that concern it. */
  readonly filePath: string | undefined;

  constructor(options: { reason: CustomAssetStoreErrorReason; message: string; filePath?: string; cause?: unknown }) {
    super({
      code: CODES[options.reason],
      kind: isCallersMistake(options.reason) ? "input" : "internal",
      message: options.message,
      cause: options.cause,
    });
    this.reason = options.reason;
    this.filePath = options.filePath;
  }
}

function isCallersMistake(reason: CustomAssetStoreErrorReason): boolean {
  switch (reason) {
    case "invalid_symbol":
    case "ambiguous_symbol":
    case "full":
      return true;
    case "corrupt_file":
    case "io":
      return false;
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}
