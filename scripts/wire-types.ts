// The web page's type declarations, generated from the wire's zod schemas (src/wire/) through their JSON Schema
// (zod's z.toJSONSchema, the form the OpenAPI document uses too): server/public/js/wire-types.js, JSDoc typedefs the
// page's modules import (`@typedef {import("./wire-types.js").RunDetail} RunDetail`), type-checked by `npm run
// typecheck:page`. So a page that reads a field the server does not answer fails to compile, and a schema that
// changes changes the page's types. `npm run wire:types` writes the file; a test fails when the committed one is stale.
import { z } from "zod";

import * as wire from "../src/wire/index";

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
};

/** Each type the page reads: a schema of the wire, or a part of another type (TypeScript's own type syntax). */
const TYPES: { name: string; about: string; schema?: z.ZodType; type?: string }[] = [
  {
    name: "PageConfig",
    about: "GET /api/page-config: what the page knows of the library",
    schema: wire.pageConfigSchema,
  },
  { name: "ProviderEntry", about: "a provider of the page config", type: 'PageConfig["providers"][number]' },
  { name: "StepEntry", about: "a pipeline step of the page config", type: 'PageConfig["steps"][number]' },
  { name: "StagesConfig", about: "the optional stages' limits and labels", type: 'PageConfig["stages"]' },
  { name: "ChartPalette", about: "the agents' chart colours", type: 'PageConfig["chart_palette"]' },
  { name: "TimeframeLimit", about: "a timeframe's lookback limit", schema: wire.wireTimeframeLimitSchema },
  { name: "AnalysisResult", about: "POST /api/analyze: an analysis's result", schema: wire.wireAnalysisResultSchema },
  { name: "AnalysisWindow", about: "the bars a result analysed", type: 'AnalysisResult["window"]' },
  { name: "Stages", about: "the optional stages that ran", type: 'AnalysisResult["stages"]' },
  { name: "DebateTurn", about: "one turn of the debate", type: 'NonNullable<AnalysisResult["debate"]>[number]' },
  { name: "RiskLevels", about: "the risk stage's levels", type: 'NonNullable<AnalysisResult["risk"]>' },
  { name: "MemoryUse", about: "what the memory stage did", type: 'NonNullable<AnalysisResult["memory"]>' },
  { name: "RecalledLesson", about: "a lesson memory recalled", type: 'MemoryUse["recalled"][number]' },
  { name: "Candle", about: "one bar", type: 'AnalysisResult["candles"][number]' },
  { name: "TrendlineEquations", about: "the trend chart's lines", type: 'AnalysisResult["trendline_equations"]' },
  { name: "StraightLine", about: "one line over bar indexes", type: 'TrendlineEquations["close_support"]' },
  { name: "DecisionRecord", about: "the Decision agent's answer", type: 'AnalysisResult["final_decision"]' },
  { name: "TokenUsage", about: "tokens in and out", type: 'AnalysisResult["usage"]["total"]' },
  { name: "ModelUse", about: "a model role's provider and model", type: 'AnalysisResult["models"]["agent"]' },
  { name: "ProgressEvent", about: "an event of the analysis's progress stream", schema: wire.wireProgressEventSchema },
  { name: "ErrorBody", about: "every error answer", schema: wire.wireErrorSchema },
  { name: "KeyStatus", about: "GET /api/get-api-key-status", schema: wire.wireKeyStatusSchema },
  { name: "KeyValidation", about: "POST /api/validate-api-key", schema: wire.wireKeyValidationSchema },
  { name: "ModelSelection", about: "the provider and model of each role", schema: wire.modelSelectionSchema },
  { name: "SampleData", about: "GET /api/sample-data", schema: wire.sampleDataAnswerSchema },
  { name: "AssetList", about: "GET /api/assets", schema: wire.assetsAnswerSchema },
  { name: "AssetEntry", about: "an asset of the list", type: 'AssetList["assets"][number]' },
  { name: "AnalysisSummary", about: "a history list entry", schema: wire.wireAnalysisSummarySchema },
  {
    name: "OutcomeAtHorizon",
    about: "an outcome, once scored",
    type: 'NonNullable<AnalysisSummary["outcome"]>[number]',
  },
  { name: "AnalysisPage", about: "GET /api/analyses", schema: wire.analysesPageAnswerSchema },
  { name: "StoredAnalysis", about: "GET /api/analyses/<id>", schema: wire.wireStoredAnalysisSchema },
  { name: "AnalysisStats", about: "GET /api/analyses/stats", schema: wire.journalStatsAnswerSchema },
  { name: "StatsGroup", about: "one group of the statistics", type: 'AnalysisStats["groups"][number]' },
  { name: "ScoreCounts", about: "POST /api/analyses/score-outcomes", schema: wire.wireScoreCountsSchema },
  { name: "RunSummary", about: "a finished run of GET /api/runs", schema: wire.wireFinishedRunSchema },
  { name: "QueuedRun", about: "a queued run of GET /api/runs", schema: wire.wireQueuedRunSchema },
  { name: "RunPage", about: "GET /api/runs", schema: wire.runsPageAnswerSchema },
  { name: "RunAnswer", about: "GET /api/runs/<id>", schema: wire.runAnswerSchema },
  { name: "RunDetail", about: "a finished run with its report", type: 'Extract<RunAnswer, { state: "finished" }>' },
  {
    name: "BacktestRunDetail",
    about: "a finished backtest run with its report",
    type: 'RunSummary & { report: Extract<NonNullable<RunDetail["report"]>, { lines: unknown }> | null }',
  },
  { name: "ProbeReport", about: "a chart-reading probe's scores", schema: wire.wireProbeReportSchema },
  {
    name: "ProbeScore",
    about: "one score of a probe against chance",
    type: 'ProbeReport["scores"]["trend"]["overall"]',
  },
  {
    name: "ProbeRunDetail",
    about: "a finished probe run with its scores",
    type: "RunSummary & { report: ProbeReport | null }",
  },
  { name: "EquityLine", about: "one line of a backtest", schema: wire.wireBacktestLineSchema },
  { name: "RunFigure", about: "GET /api/runs/<id>/figures/<figure>", schema: wire.plotlyFigureSchema },
  { name: "Watchlist", about: "GET /api/watchlist", schema: wire.watchlistAnswerSchema },
  { name: "WatchEntry", about: "a watchlist entry", schema: wire.wireWatchEntrySchema },
  {
    name: "WatchEntryAnswer",
    about: "POST /api/watchlist, .../pause, .../resume",
    schema: wire.watchEntryAnswerSchema,
  },
  { name: "ForwardRecord", about: "GET /api/watchlist/<id>/record", schema: wire.wireForwardRecordSchema },
];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** A TypeScript type for a JSON Schema, indented by `depth` levels when it spans lines. */
function typeOf(schema: JsonSchema, depth: number): string {
  const inner = "  ".repeat(depth + 1);
  const outer = "  ".repeat(depth);
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => parenthesised(typeOf(member, depth))).join(" | ");
  if (schema.allOf) return schema.allOf.map((member) => parenthesised(typeOf(member, depth))).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return types.map((type) => typeOf({ ...schema, type }, depth)).join(" | ");
  switch (types[0]) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      if (schema.prefixItems) return `[${schema.prefixItems.map((item) => typeOf(item, depth)).join(", ")}]`;
      return `${parenthesised(schema.items ? typeOf(schema.items, depth) : "unknown")}[]`;
    case "object": {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(
        ([name, field]) =>
          `${inner}${IDENTIFIER.test(name) ? name : literal(name)}${required.has(name) ? "" : "?"}: ${typeOf(field, depth + 1)};`,
      );
      const extra = schema.additionalProperties;
      if (extra !== false && extra !== undefined) {
        const value = extra === true ? "unknown" : typeOf(extra, depth + 1);
        const keys = schema.propertyNames?.enum;
        if (fields.length === 0 && keys) return `Record<${keys.map(literal).join(" | ")}, ${value}>`;
        if (fields.length === 0) return `Record<string, ${value}>`;
        fields.push(`${inner}[key: string]: unknown;`);
      }
      return fields.length === 0 ? "{}" : `{\n${fields.join("\n")}\n${outer}}`;
    }
    default:
      return "unknown";
  }
}

/** The type in parentheses when it is a union or an intersection at its top level (before `[]`, or beside `&`). */
function parenthesised(type: string): string {
  let depth = 0;
  for (const character of type) {
    if ("{([<".includes(character)) depth += 1;
    else if ("})]>".includes(character)) depth -= 1;
    else if (depth === 0 && (character === "|" || character === "&")) return `(${type})`;
  }
  return type;
}

/** The whole file: one JSDoc typedef per type, in the table's order. */
export function wireTypesSource(): string {
  const typedefs = TYPES.map(({ name, about, schema, type }) => {
    const text = schema
      ? typeOf(z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as JsonSchema, 0)
      : (type ?? "unknown");
    const lines = `{${text}}`.split("\n");
    return ["/**", ` * ${about}.`, ` * @typedef ${lines[0]}`, ...lines.slice(1).map((line) => ` * ${line}`)]
      .join("\n")
      .concat(` ${name}\n */`);
  });
  return [
    "// @ts-check",
    "// The JSON the server answers, as JSDoc types for the page's modules. Generated from the zod schemas in src/wire/",
    "// by scripts/wire-types.ts (`npm run wire:types`); a test fails when this file is stale. Do not edit.",
    "",
    ...typedefs.map((typedef) => `${typedef}\n`),
    "export {};",
    "",
  ].join("\n");
}
