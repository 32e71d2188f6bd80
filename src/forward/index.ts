// quantagent-ts/forward: the forward test, a watchlist analysed at every bar close and scored as the future arrives.
export { type BarFeed, barLengthMs, marketFeed, replayFeed } from "./bar-feed";
export { dueBars, type DueBarsOptions } from "./due-bars";
export {
  FORWARD_QUEUES,
  forwardHandlers,
  type ForwardHandlersOptions,
  scheduleForwardRounds,
  sendEntryJobs,
} from "./forward-queue";
export { type ForwardRecord, forwardRecord, type ForwardRecordOptions, type RecordPipeline } from "./forward-record";
export { liveForwardRecord, type LiveForwardRecordOptions } from "./live-record";
export { startWatch, type StartWatchOptions, type Watch, type WatchMode, type WatchSummary } from "./start-watch";
export { describeWatchEvent, type WatchEvent } from "./watch-event";
export { runWatchTick, type WatchTickCounts, type WatchTickInput } from "./watch-tick";
