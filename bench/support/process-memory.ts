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
 * Proportional set size in bytes (shared pages divided among the processes sharing them), else RSS; 0 for a
 * process that is gone. Chromium's processes share most of their pages, so summing RSS would count them many times.
 */
export function residentBytes(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // no smaps_rollup (old kernel) or the process ended: fall back to RSS
  }
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
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
