// The shipped benchmark's folder as a constant, for the evaluation's defaults and the package's users. Kept apart
// from benchmark-data.ts because it is found when this module loads: the pipeline imports benchmark-data.ts (for
// Sample data) and must load wherever it runs.
import { benchmarkDir } from "./benchmark-data";

/** The benchmark shipped with the package: 100 real 4-hour windows for each of BTC, CL, DJI, ES, NQ, QQQ, SPX, VIX. */
export const BENCHMARK_DIR: string = benchmarkDir();
