// Memory of this Node process and of a child process tree (Chromium), read from /proc, sampled at an interval.
import { readdirSync, readFileSync } from "node:fs";

/** The pid and every descendant of it, from /proc/<pid>/stat's parent field. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the parent pid is the 2nd field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

/**
 * RSS and PSS of one process in bytes; zeros for a process that is gone. Chromium's processes fork from a zygote and
 * share most pages, so a sum of RSS counts shared memory once per process; PSS (shared pages divided among their
 * users) sums to the real total.
 */
export function memoryOf(pid: number): { rss: number; pss: number } {
  const kilobytes = (text: string, field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
  try {
    const rss = kilobytes(readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS");
    let pss = rss;
    try {
      pss = kilobytes(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
    } catch {
      // kernels without smaps_rollup: fall back to RSS
    }
    return { rss, pss };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** PSS in bytes (see memoryOf). */
export function residentBytes(pid: number): number {
  return memoryOf(pid).pss;
}

export function treeResidentBytes(rootPid: number | null): number {
  return rootPid === null ? 0 : processTree(rootPid).reduce((sum, pid) => sum + residentBytes(pid), 0);
}

export interface MemoryPeaks {
  nodeRss: number;
  browserRss: number;
  total: number;
}

/** Samples this process and the browser tree until stopped; returns the peaks. */
export function sampleMemory(browserPid: () => number | null, intervalMs = 50): { stop(): MemoryPeaks } {
  const peaks: MemoryPeaks = { nodeRss: 0, browserRss: 0, total: 0 };
  const sample = () => {
    const nodeRss = residentBytes(process.pid);
    const browserRss = treeResidentBytes(browserPid());
    peaks.nodeRss = Math.max(peaks.nodeRss, nodeRss);
    peaks.browserRss = Math.max(peaks.browserRss, browserRss);
    peaks.total = Math.max(peaks.total, nodeRss + browserRss);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}
