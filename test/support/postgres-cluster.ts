// A throwaway PostgreSQL cluster for tests and benchmarks: initdb and pg_ctl in a temp folder, on a free port, with
// its unix socket in that folder, torn down afterwards. PostgreSQL refuses to run as root, so when this process is
// root (CI) the server binaries run as the `postgres` user and the folder belongs to that user.
//
// Missing binaries are a failure with the fix in the message, never a skip: a journal test that silently skipped
// PostgreSQL would let the shared-journal engine break unnoticed. `./scripts/install.sh` installs them.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import pg from "pg";

const run = promisify(execFile);
const POSTGRES_ROOT = "/usr/lib/postgresql";

export interface PostgresClusterOptions {
  /**
   * Keep fsync and synchronous commit on, as a production server would. Tests turn them off (default false)
   * because a throwaway cluster needs no durability; benchmarks turn them on so the figures mean something.
   */
  durable?: boolean;
  /** Connections the server accepts at once (default 60); a cluster shared by a whole test run needs more. */
  maxConnections?: number;
}

export interface PostgresCluster {
  /** postgres://postgres:<password>@127.0.0.1:<port>/postgres: the administrator's connection (to create databases). */
  readonly adminUrl: string;
  /** Creates an empty database and answers its postgres:// URL (password included). */
  createDatabase(name: string): Promise<string>;
  /** Stops the server as a restart or a switchover would (every connection dropped, committed work kept), keeping its port. */
  pause(): Promise<void>;
  /** Starts it again after pause(), on the same port. */
  resume(): Promise<void>;
  /** Stops the server and removes the folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The folder of initdb and pg_ctl: the newest /usr/lib/postgresql/<version>/bin, or PG_BIN_DIR when set. */
export function findPostgresBinaries(): string {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : existsSync(POSTGRES_ROOT)
      ? readdirSync(POSTGRES_ROOT)
          .filter((version) => /^\d+$/.test(version))
          .sort((left, right) => Number(right) - Number(left))
          .map((version) => path.join(POSTGRES_ROOT, version, "bin"))
      : [];
  const found = candidates.find(
    (folder) => existsSync(path.join(folder, "initdb")) && existsSync(path.join(folder, "pg_ctl")),
  );
  if (!found) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) were not found under ${POSTGRES_ROOT}/*/bin. ` +
        "The journal tests run against a real PostgreSQL: run ./scripts/install.sh (it installs Debian's postgresql package), " +
        "or set PG_BIN_DIR to the folder holding initdb.",
    );
  }
  return found;
}

interface RunAs {
  command(binary: string, args: string[]): [string, string[]];
  owner?: { uid: number; gid: number };
}

function runAsServerUser(): RunAs {
  if (process.getuid?.() !== 0) return { command: (binary, args) => [binary, args] };
  const lookup = (flag: "-u" | "-g") => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  let owner: { uid: number; gid: number };
  try {
    owner = { uid: lookup("-u"), gid: lookup("-g") };
  } catch (error) {
    throw new Error(
      "PostgreSQL cannot run as root and there is no `postgres` user: run ./scripts/install.sh (Debian's postgresql package creates it).",
      { cause: error },
    );
  }
  return { command: (binary, args) => ["runuser", ["-u", "postgres", "--", binary, ...args]], owner };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Creates an empty database on the server `adminUrl` reaches; answers its URL (the same user and password). */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z][a-z0-9_]*$/.test(name))
    throw new Error(`database name "${name}": lower-case letters, digits and _ only`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const binaries = findPostgresBinaries();
  const runAs = runAsServerUser();
  const folder = await mkdtemp(path.join(tmpdir(), "journal-pg-"));
  const dataDir = path.join(folder, "data");
  const logFile = path.join(folder, "server.log");
  const password = randomBytes(12).toString("hex");
  let started = false;
  const invoke = async (binary: string, args: string[]) => {
    const [command, commandArgs] = runAs.command(path.join(binaries, binary), args);
    await run(command, commandArgs, { cwd: folder, timeout: 60_000 });
  };
  const stopSync = () => {
    if (!started) return;
    const [command, commandArgs] = runAs.command(path.join(binaries, "pg_ctl"), [
      "-D",
      dataDir,
      "-m",
      "immediate",
      "-w",
      "stop",
    ]);
    spawnSync(command, commandArgs, { cwd: folder, stdio: "ignore", timeout: 120_000 });
    started = false;
  };
  // A test runner that exits without running its hooks must not leave a server behind.
  process.once("exit", stopSync);
  const stop = async () => {
    process.removeListener("exit", stopSync);
    stopSync();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    if (runAs.owner) {
      await chown(folder, runAs.owner.uid, runAs.owner.gid);
      await chmod(folder, 0o700);
    }
    const passwordFile = path.join(folder, "password");
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (runAs.owner) await chown(passwordFile, runAs.owner.uid, runAs.owner.gid);
    await invoke("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--pwfile",
      passwordFile,
      "--auth-local=trust",
      "--auth-host=scram-sha-256",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
    const durability = options.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"];
    let port = 0;
    const startServer = async () => {
      const serverOptions = [
        `-p ${port}`,
        `-k ${folder}`,
        "-c listen_addresses=127.0.0.1",
        `-c max_connections=${options.maxConnections ?? 60}`,
        ...durability,
      ].join(" ");
      await invoke("pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", serverOptions, "start"]);
      started = true;
    };
    // Another process may take the free port between the probe and the start: try a few.
    for (let attempt = 1; !started; attempt += 1) {
      port = await freePort();
      try {
        await startServer();
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    return {
      adminUrl,
      createDatabase: (name) => createDatabase(adminUrl, name),
      async pause() {
        await invoke("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
        started = false;
      },
      resume: startServer,
      stop,
    };
  } catch (error) {
    const log = await readFile(logFile, "utf8").catch(() => "");
    await stop();
    throw new Error(
      `Could not start a test PostgreSQL cluster: ${(error as Error).message}${log ? `\nserver log:\n${log}` : ""}`,
      { cause: error },
    );
  }
}
