// Two server processes on one PostgreSQL, each with a data folder of its own (two machines): custom assets saved
// through one are listed and removed through the other, and the first server's custom_assets.json is imported into
// the database once, which its log says; the second server's file is never read. Both sign /output links with one
// secret from the database (the first server's, from its data folder), so a link either made checks on the other. A
// RATE_LIMITS the server cannot read stops it before it listens, saying how to write one.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createLinkSigner } from "../../server/output-link/link-signature";
import { type ServerProcess, startServerProcess } from "../reliability/support/server-process";
import { runCommand } from "../support/run-command";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
const root = path.resolve(__dirname, "../..");
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "shared-database-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function folderWith(name: string, symbols: string[]): Promise<string> {
  const folder = path.join(scratch, name);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "custom_assets.json"), JSON.stringify({ version: 1, custom_assets: symbols }));
  return folder;
}

async function json(server: ServerProcess, method: string, route: string, body?: unknown) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json", origin: server.url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("two servers on one PostgreSQL", () => {
  it("share custom assets, the first server's file imported once", async () => {
    const databaseUrl = await postgres.database();
    const servers: ServerProcess[] = [];
    try {
      const firstDir = await folderWith("first", ["FIRST-USD", "^FTSE"]);
      const secret = Buffer.from("5a".repeat(32), "hex");
      await writeFile(path.join(firstDir, "output-link.secret"), `${secret.toString("hex")}\n`, { mode: 0o600 });
      const first = await startServerProcess({
        dataDir: firstDir,
        env: { DATABASE_URL: databaseUrl },
      });
      servers.push(first);
      const second = await startServerProcess({
        dataDir: await folderWith("second", ["SECOND-USD"]),
        env: { DATABASE_URL: databaseUrl },
      });
      servers.push(second);
      expect(first.output()).toMatch(/Imported 2 custom assets from .*first.custom_assets\.json into the database/);
      expect(second.output()).not.toContain("Imported");
      expect(`${first.output()}${second.output()}`).not.toContain(new URL(databaseUrl).password);

      expect((await json(second, "GET", "/api/custom-assets")).body.custom_assets).toEqual(["FIRST-USD", "^FTSE"]);
      expect((await json(first, "POST", "/api/save-custom-asset", { symbol: "eth-usd" })).body).toEqual({
        success: true,
        symbol: "eth-usd",
      });
      // Saved on one machine, the same asset (any letter case) is already there on the other.
      expect((await json(second, "POST", "/api/save-custom-asset", { symbol: "ETH-USD" })).body.symbol).toBe("eth-usd");
      expect(JSON.stringify((await json(second, "GET", "/api/assets")).body)).toContain('"eth-usd"');
      expect((await json(second, "DELETE", "/api/custom-assets/%5EFTSE")).body).toMatchObject({ removed: true });
      expect((await json(first, "GET", "/api/custom-assets")).body.custom_assets).toEqual(["FIRST-USD", "eth-usd"]);

      // A link signed with the first server's secret is signed for both; a signature under another secret is not.
      const results = JSON.stringify({ decision: "LONG" });
      for (const [signer, origin] of [
        [createLinkSigner(secret), "signed"],
        [createLinkSigner(Buffer.alloc(32, 1)), "altered"],
      ] as const) {
        for (const server of servers) {
          const link = `/output?results=${encodeURIComponent(results)}&signature=${signer.sign(results)}`;
          const page = await (await fetch(`${server.url}${link}`)).text();
          expect(/<body data-link="([a-z]+)">/.exec(page)?.[1]).toBe(origin);
        }
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }, 120_000);

  it("refuses a RATE_LIMITS it cannot read before listening (exit 2)", async () => {
    const result = await runCommand(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "server/main.ts"],
      {
        cwd: root,
        env: { PATH: process.env.PATH, PORT: "0", DATA_DIR: scratch, RATE_LIMITS: "openai=lots" },
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /Invalid server settings: RATE_LIMITS: Invalid RATE_LIMITS entry (.*): write <provider>=<calls>\/min/,
    );
  }, 60_000);
});
