// The hand-written docs against the code they describe: docs/configuration.md lists every config field and every
// server setting with the default the code uses; docs/cli.md names every command and exit code; every relative
// link in the README and the docs reaches a file of the repository.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { EXIT_CODES } from "../../cli/exit-codes";
import { COMMANDS } from "../../cli/run-cli";
import { serverEnvironmentSchema } from "../../server/server-environment";
import { configSchema } from "../../src/config/index";
import { createConfig, providerIds, providers } from "../../src/index";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The default column of the table row that starts with the name in backticks, or undefined without such a row. */
function defaultCell(page: string, name: string): string | undefined {
  const row = page.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
  return row?.split("|")[2]?.trim();
}

/** A default as the page writes it: the first value in backticks, or "none" for no default. */
function expectDocumentedDefault(page: string, name: string, value: unknown): void {
  const cell = defaultCell(page, name);
  expect(cell, `${name} has no row`).toBeDefined();
  if (value === undefined) expect(cell, name).toMatch(/^none\b/);
  // An object default (stages: {}) is written as its JSON.
  else
    expect(/`([^`]*)`/.exec(cell ?? "")?.[1], name).toBe(
      typeof value === "object" && value !== null ? JSON.stringify(value) : String(value as string | number | boolean),
    );
}

describe("docs/configuration.md", () => {
  const page = read("docs/configuration.md");

  it("lists every field of the config record with its default", () => {
    const defaults = createConfig() as Record<string, unknown>;
    const fields = Object.keys(configSchema.shape);
    expect(fields.length).toBeGreaterThan(15);
    for (const field of fields) expectDocumentedDefault(page, field, defaults[field]);
  });

  it("lists every server setting with its default", () => {
    const defaults = serverEnvironmentSchema.parse({}) as Record<string, unknown>;
    for (const variable of Object.keys(serverEnvironmentSchema.shape))
      expectDocumentedDefault(page, variable, defaults[variable]);
  });

  it("names every environment variable the library reads", () => {
    const variables = [
      // The demo provider reads none.
      ...providerIds.flatMap((id) => [providers[id].keyEnvVar, providers[id].baseUrlEnvVar]).filter(Boolean),
      "DATABASE_URL",
      "PUPPETEER_EXECUTABLE_PATH",
    ];
    for (const variable of variables) expect(page, variable).toContain(`\`${variable}\``);
  });

  it("the check itself catches a default that drifted", () => {
    expect(() => expectDocumentedDefault("| `window_bars` | `40` | bars |", "window_bars", 45)).toThrow();
    expect(() => expectDocumentedDefault("| `x` | none: env | y |", "x", undefined)).not.toThrow();
  });
});

describe("docs/cli.md", () => {
  const page = read("docs/cli.md");

  it("names every command and every exit code", () => {
    for (const command of COMMANDS) expect(page).toContain(`## \`quantagent ${command.name}`);
    for (const code of Object.values(EXIT_CODES)) expect(page).toMatch(new RegExp(`^\\| ${code} \\| `, "m"));
  });
});

describe("links in the README and the docs", () => {
  const pages = [
    "README.md",
    "server/README.md",
    "notebooks/README.md",
    "bench/README.md",
    "docs/cli.md",
    "docs/configuration.md",
    "docs/library-guide.md",
    "docs/http-api.md",
    "docs/architecture.md",
    "docs/agents.md",
    "docs/development.md",
    "docs/evaluation.md",
    "docs/journal.md",
    "docs/market-data.md",
    "docs/plugins.md",
    "docs/reliability.md",
    "docs/web-server.md",
  ];

  it("every relative link reaches a file of the repository", () => {
    const broken: string[] = [];
    for (const page of pages) {
      if (!existsSync(path.join(root, page))) {
        broken.push(`${page} is missing`);
        continue;
      }
      for (const match of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1] ?? "";
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const file = path.resolve(root, path.dirname(page), target.split("#")[0] ?? "");
        if (!existsSync(file)) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
