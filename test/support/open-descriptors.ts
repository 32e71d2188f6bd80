// The file descriptors this process holds open on paths inside a folder, read from /proc/self/fd (Linux, where the
// suite runs). A function that opens a file and forgets to close it leaves one here; nothing else in a test opens
// files in that test's own temp folder.
import { readdirSync, readlinkSync } from "node:fs";
import path from "node:path";

export function openDescriptorsUnder(folder: string): string[] {
  const inside = path.resolve(folder) + path.sep;
  const paths: string[] = [];
  for (const fd of readdirSync("/proc/self/fd")) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed between the listing and the read (the listing's own descriptor, for one)
    }
    if (target === path.resolve(folder) || target.startsWith(inside)) paths.push(target);
  }
  return paths;
}
