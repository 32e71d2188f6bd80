// The queue's defaults keep the promise made to users: a point whose worker was killed runs again within two minutes
// (its job expires, the next maintenance pass finds it, the first retry waits its delay, an idle worker polls), and
// settings out of range are refused in plain words.
import { describe, expect, it } from "vitest";

import { jobSettingsSchema, workerSettingsSchema } from "../../src/queue/queue-settings";

describe("queue settings", () => {
  it("re-run a killed worker's point within two minutes by default", () => {
    const jobs = jobSettingsSchema.parse({});
    const workers = workerSettingsSchema.parse({});
    // pg-boss's first retry after an expiry waits between one and two retry delays (exponential backoff with jitter).
    const worstCase =
      jobs.jobTimeoutSeconds +
      workers.maintenanceIntervalSeconds +
      2 * jobs.retryDelaySeconds +
      workers.pollingIntervalSeconds;
    expect(worstCase).toBeLessThanOrEqual(120);
    expect(jobs).toEqual({ jobTimeoutSeconds: 90, retryLimit: 5, retryDelaySeconds: 2 });
  });

  it("refuse values pg-boss cannot take or a run could not live with", () => {
    expect(jobSettingsSchema.safeParse({ jobTimeoutSeconds: 1 }).success).toBe(false);
    expect(jobSettingsSchema.safeParse({ retryLimit: -1 }).success).toBe(false);
    expect(workerSettingsSchema.safeParse({ pollingIntervalSeconds: 0.1 }).error?.issues[0]?.message).toBe(
      "must be at least 0.5 seconds",
    );
    expect(workerSettingsSchema.safeParse({ concurrency: 0 }).success).toBe(false);
  });
});
