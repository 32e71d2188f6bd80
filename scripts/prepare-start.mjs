// @ts-check
// What `npm start` does before the server starts (package.json's prestart), in the order that wastes the least time:
// 1. the port: PORT is checked and HOST:PORT tried, so a port in use is reported at once, with the server's own
//    words and exit code, before anything is compiled;
// 2. the build, only when dist/ is not the build of the sources as they are now (build-stamp.mjs): a fresh clone and
//    a `git pull` that changed the code build (TypeScript rebuilds only what changed), an unchanged tree starts at once.
// The server then checks its other settings itself, as it always does.
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";

import { projectRoot, staleness } from "./build-stamp.mjs";

// The server's exit codes (server/run-server.ts SERVER_EXIT): 1 could not start, 2 bad settings.
const COULD_NOT_START = 1;
const BAD_SETTINGS = 2;

/**
 * The port as the server reads it (server/server-environment.ts), or the server's sentence when it is not one.
 * @param {string | undefined} text
 * @returns {{ ok: true, port: number } | { ok: false, error: string }}
 */
function readPort(text) {
  const trimmed = text?.trim() || "8000";
  const port = Number(trimmed);
  if (Number.isNaN(port)) return { ok: false, error: "Invalid server settings: PORT: PORT must be a number" };
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    return { ok: false, error: "Invalid server settings: PORT: PORT must be a whole number from 0 to 65535" };
  return { ok: true, port };
}

/**
 * Null when HOST:PORT can be listened on now, else the server's sentence for why not.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<string | null>}
 */
function tryListen(host, port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (/** @type {NodeJS.ErrnoException} */ error) => {
      const reason =
        error.code === "EADDRINUSE" ? `port ${port} is already in use (set PORT to another one)` : error.message;
      resolve(`Could not listen on ${host}:${port}: ${reason}`);
    });
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

async function main() {
  const host = process.env.HOST?.trim() || "127.0.0.1";
  const port = readPort(process.env.PORT);
  if (!port.ok) {
    process.stderr.write(`${port.error}\n`);
    process.exit(BAD_SETTINGS);
  }
  // Port 0 asks for any free port: there is nothing to check.
  const busy = port.port === 0 ? null : await tryListen(host, port.port);
  if (busy) {
    process.stderr.write(`${busy}\n`);
    process.exit(COULD_NOT_START);
  }

  const stale = staleness(projectRoot);
  if (stale === null) {
    process.stdout.write("dist/ is the build of the current sources: starting without a build.\n");
    return;
  }
  const why =
    stale.reason === "no build"
      ? "No build yet"
      : `${stale.files.length} file(s) changed since the last build (${stale.files.slice(0, 3).join(", ")}${stale.files.length > 3 ? ", ..." : ""})`;
  process.stdout.write(`${why}: building (npm run build) before starting.\n`);
  const build = spawnSync("npm", ["run", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? COULD_NOT_START);
}

await main();
