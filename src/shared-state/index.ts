// What several processes share through the journal's PostgreSQL database: the custom-asset list (and the one-time
// import of a server's custom_assets.json), the rate limit of each provider key, and the model-answer cache. The
// server and the command line start from here; a pipeline uses it on its own when its database is PostgreSQL.
export {
  DEFAULT_RATE_LIMITS,
  type RateLimit,
  type RateLimitInput,
  type RateLimits,
  type RateLimitsInput,
} from "../config/rate-limits";
export { parseRateLimits, resolveRateLimits } from "../config/resolve-rate-limits";
export { createDatabaseCustomAssetStore, type DatabaseCustomAssetStoreOptions } from "./database-custom-asset-store";
export {
  CUSTOM_ASSETS_IMPORTED,
  type CustomAssetsImport,
  describeCustomAssetsImport,
  importCustomAssetsFile,
} from "./import-custom-assets-file";
export { rateLimitBucket, rateLimitedChatModel, type RateLimitedModelOptions } from "./rate-limited-chat-model";
export {
  createSharedRateLimiter,
  type SharedRateLimiter,
  type SharedRateLimiterOptions,
  SharedRateLimitError,
} from "./shared-rate-limiter";
export { type SharedState, sharedStateFor } from "./shared-state";
