// Whether a process id names a live process on this machine, for cleaning up after processes that died (a lock's
// holder, a renderer's Chromium profile). Signal 0 only asks; it sends nothing.

/** True when the process exists (also when it belongs to another user); false only when the system says it is gone. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // ESRCH: no such process. Anything else (EPERM: another user's) is treated as alive: cleaning up after a
    // living process would be the worse mistake.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
