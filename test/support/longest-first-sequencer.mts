// The order the suite's files start in, across all four projects at once: the longest first, so that a slow file
// (a notebook through Jupyter, a worker killed mid-point) never starts last and leaves one worker idle while it ends.
// vitest's own order runs the projects one after another (by name) and only sorts within each. Durations come from
// vitest's cache of the last run (node_modules/.vite/vitest/); a file it has not seen goes by its project's usual
// cost (whole programs, then PostgreSQL, then the page, then in-process tests), then by its size, larger first.
import { relative } from "node:path";

import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Without a duration on record: whole programs are the slowest files, in-process tests the quickest. */
const PROJECT_COST: Record<string, number> = { e2e: 3, postgres: 2, browser: 1, unit: 0, "unit-isolated": 0 };

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (file: TestSpecification) => `${file.project.name}:${relative(config.root, file.moduleId)}`;
    const known = (file: TestSpecification) => cache.getFileTestResults(key(file))?.duration;
    return [...files].sort((left, right) => {
      const [a, b] = [known(left), known(right)];
      if (a !== undefined && b !== undefined) return b - a;
      // A file never run is put before the ones on record: it may be slow, and its time is learnt for the next run.
      if (a === undefined && b !== undefined) return -1;
      if (a !== undefined && b === undefined) return 1;
      const cost = (PROJECT_COST[right.project.name] ?? 0) - (PROJECT_COST[left.project.name] ?? 0);
      if (cost !== 0) return cost;
      return (cache.getFileStats(key(right))?.size ?? 0) - (cache.getFileStats(key(left))?.size ?? 0);
    });
  }
}
