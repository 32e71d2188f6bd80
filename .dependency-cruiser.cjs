// The import rules `npm run lint` enforces (dependency-cruiser): no import cycle; the library never imports its
// shells (server/, cli/); the CLI never imports the server, except the one command that starts it; and each layer of
// the library imports only the layers below it, as docs/architecture.md draws them. A test (test/repository/
// layers.test.ts) breaks each rule once on purpose and checks that it fails.

/**
 * The library's layers, lowest first. A module may import its own group, and any group of a lower layer; never a
 * group of a higher layer, nor another group of its own layer. Each wire module (src/wire/) sits at the layer of the
 * record it maps, so the code that writes that JSON (the pipeline's journal entry, a report file) can use it; the
 * answers only the shells give sit on top. The entries (src/index.ts, src/errors.ts, each folder's index.ts) are the
 * package's surface: they may import anything, and nothing in the library imports them.
 */
const LAYERS = [
  ["common"],
  ["config"],
  ["market"],
  ["indicators", "scoring"],
  ["charts"],
  ["llm"],
  ["journal"],
  ["shared-state", "queue"],
  ["agents"],
  ["models", "plugins", "stages"],
  ["plugin-examples"],
  ["pipeline"],
  ["notebook"],
  ["reports"],
  ["experiment"],
  ["evaluation", "backtest"],
  ["probe"],
  ["forward"],
  ["wire"],
];

/** The wire modules that sit below the top, at the layer of what they map. */
const WIRE_AT = {
  scoring: ["paired-test", "decision-quality"],
  pipeline: ["analysis-result", "analysis-stages", "progress-event"],
  evaluation: ["evaluation"],
  backtest: ["backtest"],
};
const WIRE_BELOW_TOP = Object.values(WIRE_AT).flat();
const ENTRY = "^src/(index|errors)\\.ts$|^src/[^/]+/index\\.ts$";

/** The modules of a group, as a path pattern (its entry left out). */
function groupPath(group) {
  if (group === "wire") return `^src/wire/(?!(${WIRE_BELOW_TOP.join("|")}|index)\\.ts$)`;
  const wire = WIRE_AT[group];
  return wire ? `^src/${group}/|^src/wire/(${wire.join("|")})\\.ts$` : `^src/${group}/`;
}

const layerRules = LAYERS.flatMap((layer, level) =>
  layer.flatMap((group) => {
    const above = LAYERS.slice(level + 1).flat();
    const peers = layer.filter((other) => other !== group);
    if (above.length + peers.length === 0) return [];
    return {
      name: `layer-${group}`,
      severity: "error",
      comment:
        `${group} may import only lower layers (docs/architecture.md, "Layers"): not ` +
        [...peers, ...above].join(", "),
      from: { path: groupPath(group), pathNot: ENTRY },
      to: { path: [...peers, ...above].map(groupPath).join("|"), pathNot: ENTRY },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: move the shared part into a module both import, or into the lower one.",
      from: {},
      to: { circular: true },
    },
    {
      name: "library-not-to-shells",
      severity: "error",
      comment: "The library (src/) never imports its shells: what server/ or cli/ and the library share lives in src/.",
      from: { path: "^src/" },
      to: { path: "^(server|cli)/" },
    },
    {
      name: "cli-not-to-server",
      severity: "error",
      comment:
        "The CLI reads the library, not the server: move what both need into src/. Only `quantagent serve` starts the server.",
      from: { path: "^cli/", pathNot: "^cli/commands/serve-command\\.ts$" },
      to: { path: "^server/" },
    },
    {
      name: "serve-starts-the-server",
      severity: "error",
      comment: "`quantagent serve` reaches the server through its entry, run-server.ts, and nothing else.",
      from: { path: "^cli/commands/serve-command\\.ts$" },
      to: { path: "^server/", pathNot: "^server/run-server\\.ts$" },
    },
    {
      name: "library-not-through-entries",
      severity: "error",
      comment:
        "Inside the library, import the module itself: the entries (index.ts, errors.ts) are the package's surface.",
      from: { path: "^src/", pathNot: ENTRY },
      to: { path: ENTRY },
    },
    ...layerRules,
  ],
  options: {
    includeOnly: "^(src|server|cli|scripts|bench)/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    moduleSystems: ["cjs", "es6"],
  },
};
// The layers, for the test that checks docs/architecture.md draws the same picture (a property dependency-cruiser
// does not read: it refuses unknown ones in the configuration itself).
Object.defineProperty(module.exports, "layers", { value: LAYERS, enumerable: false });
