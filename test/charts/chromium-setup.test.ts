// Chromium setup without a browser: executable resolution, and the sweep of profiles left by killed processes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { createUserDataDir, removeStaleProfiles, resolveChromiumPath } from "../../src/charts/chromium-setup";

describe("resolveChromiumPath", () => {
  it("prefers the explicit path, then PUPPETEER_EXECUTABLE_PATH, then puppeteer's configured path", () => {
    const saved = process.env.PUPPETEER_EXECUTABLE_PATH;
    try {
      process.env.PUPPETEER_EXECUTABLE_PATH = "/from/env";
      expect(resolveChromiumPath("/explicit")).toBe("/explicit");
      expect(resolveChromiumPath(undefined, () => "/configured")).toBe("/from/env");
      delete process.env.PUPPETEER_EXECUTABLE_PATH;
      expect(resolveChromiumPath(undefined, () => process.execPath)).toBe(process.execPath);
      // A configured path that does not exist falls through to the system Chromium.
      expect(resolveChromiumPath(undefined, () => "/nonexistent")).toMatch(/chrom/);
    } finally {
      if (saved === undefined) delete process.env.PUPPETEER_EXECUTABLE_PATH;
      else process.env.PUPPETEER_EXECUTABLE_PATH = saved;
    }
  });
});

describe("profiles", () => {
  it("names a profile after this process", () => {
    const directory = createUserDataDir();
    try {
      expect(path.basename(directory)).toMatch(new RegExp(`^chart-renderer-chromium-${process.pid}-`));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("removes profiles whose process is gone and keeps those of live processes", async () => {
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid;
    const stale = path.join(tmpdir(), `chart-renderer-chromium-${deadPid}-test01`);
    const live = path.join(tmpdir(), `chart-renderer-chromium-${process.ppid}-test02`);
    const unrelated = path.join(tmpdir(), "chart-renderer-chromium-notapid");
    for (const directory of [stale, live, unrelated]) mkdirSync(path.join(directory, "Default"), { recursive: true });
    try {
      await removeStaleProfiles();
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(unrelated)).toBe(true);
    } finally {
      for (const directory of [stale, live, unrelated]) rmSync(directory, { recursive: true, force: true });
    }
  });
});
