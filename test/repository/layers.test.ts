// The import rules `npm run lint` enforces (.dependency-cruiser.cjs), each broken once on purpose: a small tree
// written here that breaks every rule one way, cruised with the project's own rules, must fail exactly those rules,
// and what the rules allow (a lower layer, a wire module at its resource's layer, `quantagent serve` starting the
// server) must pass. And docs/architecture.md draws the layers the rules enforce.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const config = createRequire(__filename)(path.join(ROOT, ".dependency-cruiser.cjs")) as {
  forbidden: object[];
  layers: string[][];
};

/** Each file of the tree and what it imports. */
const TREE: Record<string, string[]> = {
  // Allowed: a lower layer, a module's own folder, a wire module at its resource's layer, serve starting the server.
  "src/common/quiet.ts": [],
  "src/pipeline/pipeline.ts": ["../common/quiet", "../wire/analysis-result"],
  "src/wire/analysis-result.ts": ["../pipeline/result"],
  "src/pipeline/result.ts": [],
  "src/backtest/report-file.ts": ["../wire/backtest", "../experiment/engine"],
  "src/wire/backtest.ts": ["../backtest/result"],
  "src/backtest/result.ts": [],
  "src/experiment/engine.ts": ["../pipeline/pipeline"],
  "src/wire/runs.ts": ["../backtest/result", "./backtest"],
  "src/index.ts": ["./wire/runs", "./market"],
  "src/market/index.ts": ["./quotes"],
  "src/market/quotes.ts": [],
  "cli/commands/serve-command.ts": ["../../server/run-server", "../../src/index"],
  "server/run-server.ts": ["./routes"],
  "server/routes.ts": ["../src/wire/runs"],
  // Broken: a cycle, the library importing its shells, the CLI importing the server, a lower layer importing a
  // higher one, a peer importing a peer, a layer importing a wire module above it, the library through an entry.
  "src/common/ping.ts": ["./pong"],
  "src/common/pong.ts": ["./ping"],
  "src/market/serve-it.ts": ["../../server/run-server"],
  "cli/history.ts": ["../server/routes"],
  "cli/commands/serve-command-helper.ts": ["../../server/routes"],
  "src/config/reads-the-pipeline.ts": ["../pipeline/pipeline"],
  "src/evaluation/reads-the-backtest.ts": ["../backtest/result"],
  "src/backtest/lists-runs.ts": ["../wire/runs"],
  "src/pipeline/through-the-entry.ts": ["../market"],
};

const EXPECTED = [
  ["no-circular", "src/common/ping.ts", "src/common/pong.ts"],
  ["library-not-to-shells", "src/market/serve-it.ts", "server/run-server.ts"],
  ["cli-not-to-server", "cli/history.ts", "server/routes.ts"],
  ["cli-not-to-server", "cli/commands/serve-command-helper.ts", "server/routes.ts"],
  ["layer-config", "src/config/reads-the-pipeline.ts", "src/pipeline/pipeline.ts"],
  ["layer-evaluation", "src/evaluation/reads-the-backtest.ts", "src/backtest/result.ts"],
  ["layer-backtest", "src/backtest/lists-runs.ts", "src/wire/runs.ts"],
  ["library-not-through-entries", "src/pipeline/through-the-entry.ts", "src/market/index.ts"],
];

const scratch = mkdtempSync(path.join(tmpdir(), "layers-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function violations(): Promise<string[][]> {
  for (const [file, imports] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    const lines = imports.map((target, index) => `import * as imported${index} from "${target}";`);
    writeFileSync(
      path.join(scratch, file),
      `${lines.join("\n")}\nexport const used = [${lines.map((_, index) => `imported${index}`).join(", ")}];\n`,
    );
  }
  const { cruise } = await import("dependency-cruiser");
  const result = await cruise(["src", "server", "cli"], {
    baseDir: scratch,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  } as never);
  const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return output.summary.violations.map((violation) => [violation.rule.name, violation.from, violation.to]);
}

describe("the import rules of npm run lint", () => {
  it("fail on a cycle, the library importing its shells, the CLI importing the server, a lower layer importing a higher one and an import through an entry; and pass what they allow", async () => {
    const found = await violations();
    const sorted = (rows: string[][]) => rows.map((row) => row.join(" ")).sort();
    expect(sorted(found)).toEqual(sorted(EXPECTED));
  }, 60_000);

  it("are the layers docs/architecture.md draws, lowest first", () => {
    const page = readFileSync(path.join(ROOT, "docs", "architecture.md"), "utf8");
    const picture = /```text layers\n([\s\S]*?)```/.exec(page)?.[1];
    expect(picture, "docs/architecture.md has a ```text layers block").toBeDefined();
    const drawn = picture!
      .trim()
      .split("\n")
      .reverse()
      .map((line) =>
        line
          .replace(/^\s*\d+\s+/, "")
          .split(/\s*\|\s*/)[0]!
          .trim()
          .split(/,\s*/),
      );
    expect(drawn).toEqual(config.layers);
  });
});
